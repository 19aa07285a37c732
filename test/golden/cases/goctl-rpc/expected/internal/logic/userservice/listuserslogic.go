package userservicelogic

import (
	"context"

	"github.com/zeromicro/go-zero/core/logx"

	"example.com/user/internal/svc"
	"example.com/user/pb"
)

type ListUsersLogic struct {
	ctx    context.Context
	svcCtx *svc.ServiceContext
	logx.Logger
}

func NewListUsersLogic(ctx context.Context, svcCtx *svc.ServiceContext) *ListUsersLogic {
	return &ListUsersLogic{
		ctx:    ctx,
		svcCtx: svcCtx,
		Logger: logx.WithContext(ctx),
	}
}

// Every user, one message per user.
func (l *ListUsersLogic) ListUsers(in *pb.ListUsersReq, stream pb.UserService_ListUsersServer) error {
	// todo: add your logic here and delete this line: stream.Send each response

	return nil
}
