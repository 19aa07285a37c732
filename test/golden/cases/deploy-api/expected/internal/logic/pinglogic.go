package logic

import (
	"context"

	"github.com/zeromicro/go-zero/core/logx"

	"example.com/shop/internal/svc"
	types "example.com/shop/internal/types"
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

// Ping handles GET /api/v1/ping.
func (l *PingLogic) Ping() (resp *types.PingResponse, err error) {
	// todo: add your logic here and delete this line
	resp = &types.PingResponse{}

	return
}
