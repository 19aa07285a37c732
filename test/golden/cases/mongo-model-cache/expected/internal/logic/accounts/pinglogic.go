package accounts

import (
	"context"

	"github.com/zeromicro/go-zero/core/logx"

	"example.com/accounts/internal/svc"
	"example.com/accounts/pb/accounts"
)

type PingLogic struct {
	logx.Logger
	ctx    context.Context
	svcCtx *svc.ServiceContext
}

func NewPingLogic(ctx context.Context, svcCtx *svc.ServiceContext) *PingLogic {
	return &PingLogic{
		Logger: logx.WithContext(ctx),
		ctx:    ctx,
		svcCtx: svcCtx,
	}
}

// Ping implements accounts.Accounts/Ping.
func (l *PingLogic) Ping(in *accounts.PingRequest) (*accounts.PingReply, error) {
	// todo: add your logic here and delete this line

	return &accounts.PingReply{}, nil
}
