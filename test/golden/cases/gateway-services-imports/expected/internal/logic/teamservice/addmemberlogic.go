package teamservice

import (
	"context"

	"github.com/zeromicro/go-zero/core/logx"

	"example.com/org/internal/svc"
	teamsv1 "example.com/org/pb/teams/v1"
	usersv1 "example.com/org/pb/users/v1"
)

type AddMemberLogic struct {
	logx.Logger
	ctx    context.Context
	svcCtx *svc.ServiceContext
}

func NewAddMemberLogic(ctx context.Context, svcCtx *svc.ServiceContext) *AddMemberLogic {
	return &AddMemberLogic{
		Logger: logx.WithContext(ctx),
		ctx:    ctx,
		svcCtx: svcCtx,
	}
}

// AddMember implements teams.v1.TeamService/AddMember.
func (l *AddMemberLogic) AddMember(in *teamsv1.AddMemberRequest) (*usersv1.User, error) {
	// todo: add your logic here and delete this line

	return &usersv1.User{}, nil
}
