package metricservice

import (
	"context"

	"github.com/zeromicro/go-zero/core/logx"

	"example.com/metrics/internal/svc"
	"example.com/metrics/pb/metrics"
)

type IngestLogic struct {
	logx.Logger
	ctx    context.Context
	svcCtx *svc.ServiceContext
}

func NewIngestLogic(ctx context.Context, svcCtx *svc.ServiceContext) *IngestLogic {
	return &IngestLogic{
		Logger: logx.WithContext(ctx),
		ctx:    ctx,
		svcCtx: svcCtx,
	}
}

// Ingest implements metrics.v1.MetricService/Ingest.
func (l *IngestLogic) Ingest(stream metrics.MetricService_IngestServer) error {
	// todo: add your logic here and delete this line: stream.Recv() the requests, then
	// stream.SendAndClose(...) the response

	return nil
}
