package eventservice

import (
	"context"

	"github.com/zeromicro/go-zero/core/logx"

	"example.com/events/internal/svc"
	eventsv1 "example.com/events/pb/events/v1"
	"google.golang.org/protobuf/types/known/emptypb"
)

type PublishLogic struct {
	logx.Logger
	ctx    context.Context
	svcCtx *svc.ServiceContext
}

func NewPublishLogic(ctx context.Context, svcCtx *svc.ServiceContext) *PublishLogic {
	return &PublishLogic{
		Logger: logx.WithContext(ctx),
		ctx:    ctx,
		svcCtx: svcCtx,
	}
}

// Publish implements events.v1.EventService/Publish.
func (l *PublishLogic) Publish(in *eventsv1.Event) (*emptypb.Empty, error) {
	// todo: add your logic here and delete this line

	return &emptypb.Empty{}, nil
}
