package users

import (
	"context"

	"github.com/zeromicro/go-zero/core/logx"

	"example.com/shop/internal/svc"
	"example.com/shop/pb/users"
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

// GetUser implements shop.users.Users/GetUser.
func (l *GetUserLogic) GetUser(in *users.GetUserRequest) (*users.User, error) {
	// todo: add your logic here and delete this line

	return &users.User{}, nil
}
