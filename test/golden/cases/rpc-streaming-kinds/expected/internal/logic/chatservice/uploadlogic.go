package chatservice

import (
	"context"

	"github.com/zeromicro/go-zero/core/logx"

	"example.com/chat/internal/svc"
	"example.com/chat/pb/chat"
)

type UploadLogic struct {
	logx.Logger
	ctx    context.Context
	svcCtx *svc.ServiceContext
}

func NewUploadLogic(ctx context.Context, svcCtx *svc.ServiceContext) *UploadLogic {
	return &UploadLogic{
		Logger: logx.WithContext(ctx),
		ctx:    ctx,
		svcCtx: svcCtx,
	}
}

// Upload implements chat.v1.ChatService/Upload.
func (l *UploadLogic) Upload(stream chat.ChatService_UploadServer) error {
	// todo: add your logic here and delete this line: stream.Recv() the requests, then
	// stream.SendAndClose(...) the response

	return nil
}
