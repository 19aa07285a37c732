package chatservice

import (
	"context"

	"github.com/zeromicro/go-zero/core/logx"

	"example.com/chat/internal/svc"
	"example.com/chat/pb/chat"
)

type FollowLogic struct {
	logx.Logger
	ctx    context.Context
	svcCtx *svc.ServiceContext
}

func NewFollowLogic(ctx context.Context, svcCtx *svc.ServiceContext) *FollowLogic {
	return &FollowLogic{
		Logger: logx.WithContext(ctx),
		ctx:    ctx,
		svcCtx: svcCtx,
	}
}

// Follow implements chat.v1.ChatService/Follow.
func (l *FollowLogic) Follow(in *chat.FollowRequest, stream chat.ChatService_FollowServer) error {
	// todo: add your logic here and delete this line: stream.Send(...) for each response

	return nil
}
