package eventservice

import (
	"context"

	"github.com/zeromicro/go-zero/core/logx"

	"example.com/events/internal/svc"
	"google.golang.org/protobuf/types/known/emptypb"
	"google.golang.org/protobuf/types/known/structpb"
)

type StatsLogic struct {
	logx.Logger
	ctx    context.Context
	svcCtx *svc.ServiceContext
}

func NewStatsLogic(ctx context.Context, svcCtx *svc.ServiceContext) *StatsLogic {
	return &StatsLogic{
		Logger: logx.WithContext(ctx),
		ctx:    ctx,
		svcCtx: svcCtx,
	}
}

// Stats implements events.v1.EventService/Stats.
func (l *StatsLogic) Stats(in *emptypb.Empty) (*structpb.Struct, error) {
	// todo: add your logic here and delete this line

	return &structpb.Struct{}, nil
}
