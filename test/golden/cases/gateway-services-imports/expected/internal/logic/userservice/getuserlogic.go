package userservice

import (
	"context"

	"github.com/zeromicro/go-zero/core/logx"

	"example.com/org/internal/svc"
	usersv1 "example.com/org/pb/users/v1"
)

type GetUserLogic struct {
	logx.Logger
	ctx    context.Context
	svcCtx *svc.ServiceContext
}

func NewGetUserLogic(ctx context.Context, svcCtx *svc.ServiceContext) *GetUserLogic {
	return &GetUserLogic{
		Logger: logx.WithContext(ctx),
		ctx:    ctx,
		svcCtx: svcCtx,
	}
}

// GetUser implements users.v1.UserService/GetUser.
func (l *GetUserLogic) GetUser(in *usersv1.GetUserRequest) (*usersv1.User, error) {
	// todo: add your logic here and delete this line

	return &usersv1.User{}, nil
}
