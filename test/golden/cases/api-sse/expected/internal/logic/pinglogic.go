package logic

import (
	"context"

	"github.com/zeromicro/go-zero/core/logx"

	"example.com/ticker/internal/svc"
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

// Ping handles GET /ping.
func (l *PingLogic) Ping() (err error) {
	// todo: add your logic here and delete this line

	return
}
