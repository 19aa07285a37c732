package courses

import (
	"context"

	"github.com/zeromicro/go-zero/core/logx"

	"example.com/school/internal/svc"
	"example.com/school/pb/school"
)

type EnrollLogic struct {
	logx.Logger
	ctx    context.Context
	svcCtx *svc.ServiceContext
}

func NewEnrollLogic(ctx context.Context, svcCtx *svc.ServiceContext) *EnrollLogic {
	return &EnrollLogic{
		Logger: logx.WithContext(ctx),
		ctx:    ctx,
		svcCtx: svcCtx,
	}
}

// Enroll implements school.Courses/Enroll.
func (l *EnrollLogic) Enroll(in *school.EnrollRequest) (*school.Course, error) {
	// todo: add your logic here and delete this line

	return &school.Course{}, nil
}
