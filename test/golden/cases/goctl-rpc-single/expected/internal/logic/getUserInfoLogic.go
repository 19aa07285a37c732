package logic

import (
	"context"

	"github.com/zeromicro/go-zero/core/logx"

	"example.com/greet/greet"
	"example.com/greet/internal/svc"
)

type GetUserInfoLogic struct {
	ctx    context.Context
	svcCtx *svc.ServiceContext
	logx.Logger
}

func NewGetUserInfoLogic(ctx context.Context, svcCtx *svc.ServiceContext) *GetUserInfoLogic {
	return &GetUserInfoLogic{
		ctx:    ctx,
		svcCtx: svcCtx,
		Logger: logx.WithContext(ctx),
	}
}

// Every change of the user's info, as it happens.
func (l *GetUserInfoLogic) GetUserInfo(in *greet.GetUserInfoReq, stream greet.Greet_GetUserInfoServer) error {
	// todo: add your logic here and delete this line: stream.Send each response

	return nil
}
