package teamservice

import (
	"context"

	"github.com/zeromicro/go-zero/core/logx"

	"example.com/org/internal/svc"
	teamsv1 "example.com/org/pb/teams/v1"
	usersv1 "example.com/org/pb/users/v1"
)

type ListMembersLogic struct {
	logx.Logger
	ctx    context.Context
	svcCtx *svc.ServiceContext
}

func NewListMembersLogic(ctx context.Context, svcCtx *svc.ServiceContext) *ListMembersLogic {
	return &ListMembersLogic{
		Logger: logx.WithContext(ctx),
		ctx:    ctx,
		svcCtx: svcCtx,
	}
}

// ListMembers implements teams.v1.TeamService/ListMembers.
func (l *ListMembersLogic) ListMembers(in *teamsv1.ListMembersRequest) (*usersv1.ListUsersResponse, error) {
	// todo: add your logic here and delete this line

	return &usersv1.ListUsersResponse{}, nil
}
