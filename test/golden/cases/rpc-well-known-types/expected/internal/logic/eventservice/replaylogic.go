package eventservice

import (
	"context"

	"github.com/zeromicro/go-zero/core/logx"

	"example.com/events/internal/svc"
	eventsv1 "example.com/events/pb/events/v1"
)

type ReplayLogic struct {
	logx.Logger
	ctx    context.Context
	svcCtx *svc.ServiceContext
}

func NewReplayLogic(ctx context.Context, svcCtx *svc.ServiceContext) *ReplayLogic {
	return &ReplayLogic{
		Logger: logx.WithContext(ctx),
		ctx:    ctx,
		svcCtx: svcCtx,
	}
}

// Replay implements events.v1.EventService/Replay.
func (l *ReplayLogic) Replay(in *eventsv1.ReplayRequest, stream eventsv1.EventService_ReplayServer) error {
	// todo: add your logic here and delete this line: stream.Send(...) for each response

	return nil
}
