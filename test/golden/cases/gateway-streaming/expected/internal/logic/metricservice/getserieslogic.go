package metricservice

import (
	"context"

	"github.com/zeromicro/go-zero/core/logx"

	"example.com/metrics/internal/svc"
	"example.com/metrics/pb/metrics"
)

type GetSeriesLogic struct {
	logx.Logger
	ctx    context.Context
	svcCtx *svc.ServiceContext
}

func NewGetSeriesLogic(ctx context.Context, svcCtx *svc.ServiceContext) *GetSeriesLogic {
	return &GetSeriesLogic{
		Logger: logx.WithContext(ctx),
		ctx:    ctx,
		svcCtx: svcCtx,
	}
}

// GetSeries implements metrics.v1.MetricService/GetSeries.
func (l *GetSeriesLogic) GetSeries(in *metrics.GetSeriesRequest) (*metrics.Series, error) {
	// todo: add your logic here and delete this line

	return &metrics.Series{}, nil
}
