package chatservice

import (
	"context"

	"github.com/zeromicro/go-zero/core/logx"

	"example.com/chat/internal/svc"
	"example.com/chat/pb/chat"
)

type PostLogic struct {
	logx.Logger
	ctx    context.Context
	svcCtx *svc.ServiceContext
}

func NewPostLogic(ctx context.Context, svcCtx *svc.ServiceContext) *PostLogic {
	return &PostLogic{
		Logger: logx.WithContext(ctx),
		ctx:    ctx,
		svcCtx: svcCtx,
	}
}

// Post implements chat.v1.ChatService/Post.
func (l *PostLogic) Post(in *chat.PostRequest) (*chat.PostResponse, error) {
	// todo: add your logic here and delete this line

	return &chat.PostResponse{}, nil
}
