package library

import (
	"context"

	"github.com/zeromicro/go-zero/core/logx"

	"example.com/library/internal/svc"
	"example.com/library/pb/library"
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

// Ping implements library.Library/Ping.
func (l *PingLogic) Ping(in *library.PingRequest) (*library.PingResponse, error) {
	// todo: add your logic here and delete this line

	return &library.PingResponse{}, nil
}
