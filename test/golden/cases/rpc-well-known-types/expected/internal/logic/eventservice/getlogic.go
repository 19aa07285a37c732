package eventservice

import (
	"context"

	"github.com/zeromicro/go-zero/core/logx"

	"example.com/events/internal/svc"
	eventsv1 "example.com/events/pb/events/v1"
	"google.golang.org/protobuf/types/known/wrapperspb"
)

type GetLogic struct {
	logx.Logger
	ctx    context.Context
	svcCtx *svc.ServiceContext
}

func NewGetLogic(ctx context.Context, svcCtx *svc.ServiceContext) *GetLogic {
	return &GetLogic{
		Logger: logx.WithContext(ctx),
		ctx:    ctx,
		svcCtx: svcCtx,
	}
}

// Get implements events.v1.EventService/Get.
func (l *GetLogic) Get(in *wrapperspb.StringValue) (*eventsv1.Event, error) {
	// todo: add your logic here and delete this line

	return &eventsv1.Event{}, nil
}
