package userservice

import (
	"context"

	"github.com/zeromicro/go-zero/core/logx"

	"example.com/org/internal/svc"
	usersv1 "example.com/org/pb/users/v1"
)

type SyncUsersLogic struct {
	logx.Logger
	ctx    context.Context
	svcCtx *svc.ServiceContext
}

func NewSyncUsersLogic(ctx context.Context, svcCtx *svc.ServiceContext) *SyncUsersLogic {
	return &SyncUsersLogic{
		Logger: logx.WithContext(ctx),
		ctx:    ctx,
		svcCtx: svcCtx,
	}
}

// SyncUsers implements users.v1.UserService/SyncUsers.
func (l *SyncUsersLogic) SyncUsers(in *usersv1.ListUsersRequest) (*usersv1.ListUsersResponse, error) {
	// todo: add your logic here and delete this line

	return &usersv1.ListUsersResponse{}, nil
}
