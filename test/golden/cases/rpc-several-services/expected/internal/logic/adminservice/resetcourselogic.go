package adminservice

import (
	"context"

	"github.com/zeromicro/go-zero/core/logx"

	"example.com/school/internal/svc"
	"example.com/school/pb/school"
)

type ResetCourseLogic struct {
	logx.Logger
	ctx    context.Context
	svcCtx *svc.ServiceContext
}

func NewResetCourseLogic(ctx context.Context, svcCtx *svc.ServiceContext) *ResetCourseLogic {
	return &ResetCourseLogic{
		Logger: logx.WithContext(ctx),
		ctx:    ctx,
		svcCtx: svcCtx,
	}
}

// ResetCourse implements school.admin.AdminService/ResetCourse.
func (l *ResetCourseLogic) ResetCourse(in *school.IdRequest) (*school.Course, error) {
	// todo: add your logic here and delete this line

	return &school.Course{}, nil
}
