package students

import (
	"context"

	"github.com/zeromicro/go-zero/core/logx"

	"example.com/school/internal/svc"
	"example.com/school/pb/school"
)

type ListLogic struct {
	logx.Logger
	ctx    context.Context
	svcCtx *svc.ServiceContext
}

func NewListLogic(ctx context.Context, svcCtx *svc.ServiceContext) *ListLogic {
	return &ListLogic{
		Logger: logx.WithContext(ctx),
		ctx:    ctx,
		svcCtx: svcCtx,
	}
}

// List implements school.Students/List.
func (l *ListLogic) List(in *school.ListRequest) (*school.StudentList, error) {
	// todo: add your logic here and delete this line

	return &school.StudentList{}, nil
}
