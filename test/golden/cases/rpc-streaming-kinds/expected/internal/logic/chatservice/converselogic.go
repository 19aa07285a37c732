package chatservice

import (
	"context"

	"github.com/zeromicro/go-zero/core/logx"

	"example.com/chat/internal/svc"
	"example.com/chat/pb/chat"
)

type ConverseLogic struct {
	logx.Logger
	ctx    context.Context
	svcCtx *svc.ServiceContext
}

func NewConverseLogic(ctx context.Context, svcCtx *svc.ServiceContext) *ConverseLogic {
	return &ConverseLogic{
		Logger: logx.WithContext(ctx),
		ctx:    ctx,
		svcCtx: svcCtx,
	}
}

// Converse implements chat.v1.ChatService/Converse.
func (l *ConverseLogic) Converse(stream chat.ChatService_ConverseServer) error {
	// todo: add your logic here and delete this line: stream.Recv() the requests, then
	// stream.Send(...) the responses

	return nil
}
