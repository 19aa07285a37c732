package userservice

import (
	"context"

	"github.com/zeromicro/go-zero/core/logx"

	"example.com/org/internal/svc"
	usersv1 "example.com/org/pb/users/v1"
)

type ListUsersLogic struct {
	logx.Logger
	ctx    context.Context
	svcCtx *svc.ServiceContext
}

func NewListUsersLogic(ctx context.Context, svcCtx *svc.ServiceContext) *ListUsersLogic {
	return &ListUsersLogic{
		Logger: logx.WithContext(ctx),
		ctx:    ctx,
		svcCtx: svcCtx,
	}
}

// ListUsers implements users.v1.UserService/ListUsers.
func (l *ListUsersLogic) ListUsers(in *usersv1.ListUsersRequest) (*usersv1.ListUsersResponse, error) {
	// todo: add your logic here and delete this line

	return &usersv1.ListUsersResponse{}, nil
}
