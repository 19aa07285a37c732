package metricservice

import (
	"context"

	"github.com/zeromicro/go-zero/core/logx"

	"example.com/metrics/internal/svc"
	"example.com/metrics/pb/metrics"
)

type TailLogic struct {
	logx.Logger
	ctx    context.Context
	svcCtx *svc.ServiceContext
}

func NewTailLogic(ctx context.Context, svcCtx *svc.ServiceContext) *TailLogic {
	return &TailLogic{
		Logger: logx.WithContext(ctx),
		ctx:    ctx,
		svcCtx: svcCtx,
	}
}

// Tail implements metrics.v1.MetricService/Tail.
func (l *TailLogic) Tail(in *metrics.GetSeriesRequest, stream metrics.MetricService_TailServer) error {
	// todo: add your logic here and delete this line: stream.Send(...) for each response

	return nil
}
