package metricservice

import (
	"context"

	"github.com/zeromicro/go-zero/core/logx"

	"example.com/metrics/internal/svc"
	"example.com/metrics/pb/metrics"
)

type RecordLogic struct {
	logx.Logger
	ctx    context.Context
	svcCtx *svc.ServiceContext
}

func NewRecordLogic(ctx context.Context, svcCtx *svc.ServiceContext) *RecordLogic {
	return &RecordLogic{
		Logger: logx.WithContext(ctx),
		ctx:    ctx,
		svcCtx: svcCtx,
	}
}

// Record implements metrics.v1.MetricService/Record.
func (l *RecordLogic) Record(in *metrics.Sample) (*metrics.RecordResponse, error) {
	// todo: add your logic here and delete this line

	return &metrics.RecordResponse{}, nil
}
