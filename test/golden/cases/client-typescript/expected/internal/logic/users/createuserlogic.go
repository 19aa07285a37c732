package users

import (
	"context"

	"github.com/zeromicro/go-zero/core/logx"

	"example.com/notes/internal/svc"
	users "example.com/notes/internal/types/users"
)

type CreateUserLogic struct {
	logx.Logger
	ctx    context.Context
	svcCtx *svc.ServiceContext
}

func NewCreateUserLogic(ctx context.Context, svcCtx *svc.ServiceContext) *CreateUserLogic {
	return &CreateUserLogic{
		Logger: logx.WithContext(ctx),
		ctx:    ctx,
		svcCtx: svcCtx,
	}
}

// CreateUser handles POST /api/users.
func (l *CreateUserLogic) CreateUser(req *users.Note) (resp *users.Note, err error) {
	// todo: add your logic here and delete this line
	resp = &users.Note{}

	return
}
