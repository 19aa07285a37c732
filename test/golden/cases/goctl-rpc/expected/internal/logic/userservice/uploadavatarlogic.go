package userservicelogic

import (
	"context"

	"github.com/zeromicro/go-zero/core/logx"

	"example.com/user/internal/svc"
	"example.com/user/pb"
)

type UploadAvatarLogic struct {
	ctx    context.Context
	svcCtx *svc.ServiceContext
	logx.Logger
}

func NewUploadAvatarLogic(ctx context.Context, svcCtx *svc.ServiceContext) *UploadAvatarLogic {
	return &UploadAvatarLogic{
		ctx:    ctx,
		svcCtx: svcCtx,
		Logger: logx.WithContext(ctx),
	}
}

// The avatar in chunks; the answer once all are in.
func (l *UploadAvatarLogic) UploadAvatar(stream pb.UserService_UploadAvatarServer) error {
	// todo: add your logic here and delete this line: stream.Recv the requests, then stream.SendAndClose the response

	return nil
}
