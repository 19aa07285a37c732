package eventservice

import (
	"context"

	"github.com/zeromicro/go-zero/core/logx"

	"example.com/events/internal/svc"
	eventsv1 "example.com/events/pb/events/v1"
)

type UpdateLogic struct {
	logx.Logger
	ctx    context.Context
	svcCtx *svc.ServiceContext
}

func NewUpdateLogic(ctx context.Context, svcCtx *svc.ServiceContext) *UpdateLogic {
	return &UpdateLogic{
		Logger: logx.WithContext(ctx),
		ctx:    ctx,
		svcCtx: svcCtx,
	}
}

// Update implements events.v1.EventService/Update.
func (l *UpdateLogic) Update(in *eventsv1.UpdateEventRequest) (*eventsv1.Event, error) {
	// todo: add your logic here and delete this line

	return &eventsv1.Event{}, nil
}
