package students

import (
	"context"

	"github.com/zeromicro/go-zero/core/logx"

	"example.com/school/internal/svc"
	"example.com/school/pb/school"
)

type GetLogic struct {
	logx.Logger
	ctx    context.Context
	svcCtx *svc.ServiceContext
}

func NewGetLogic(ctx context.Context, svcCtx *svc.ServiceContext) *GetLogic {
	return &GetLogic{
		Logger: logx.WithContext(ctx),
		ctx:    ctx,
		svcCtx: svcCtx,
	}
}

// Get implements school.Students/Get.
func (l *GetLogic) Get(in *school.IdRequest) (*school.Student, error) {
	// todo: add your logic here and delete this line

	return &school.Student{}, nil
}
