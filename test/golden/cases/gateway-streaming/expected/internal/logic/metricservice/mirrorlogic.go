package metricservice

import (
	"context"

	"github.com/zeromicro/go-zero/core/logx"

	"example.com/metrics/internal/svc"
	"example.com/metrics/pb/metrics"
)

type MirrorLogic struct {
	logx.Logger
	ctx    context.Context
	svcCtx *svc.ServiceContext
}

func NewMirrorLogic(ctx context.Context, svcCtx *svc.ServiceContext) *MirrorLogic {
	return &MirrorLogic{
		Logger: logx.WithContext(ctx),
		ctx:    ctx,
		svcCtx: svcCtx,
	}
}

// Mirror implements metrics.v1.MetricService/Mirror.
func (l *MirrorLogic) Mirror(stream metrics.MetricService_MirrorServer) error {
	// todo: add your logic here and delete this line: stream.Recv() the requests, then
	// stream.Send(...) the responses

	return nil
}
