package feed

import (
	"context"

	"github.com/zeromicro/go-zero/core/logx"

	"example.com/ticker/internal/svc"
	types "example.com/ticker/internal/types"
)

type FollowLogic struct {
	logx.Logger
	ctx    context.Context
	svcCtx *svc.ServiceContext
}

func NewFollowLogic(ctx context.Context, svcCtx *svc.ServiceContext) *FollowLogic {
	return &FollowLogic{
		Logger: logx.WithContext(ctx),
		ctx:    ctx,
		svcCtx: svcCtx,
	}
}

// Follow streams the events of GET /api/feed/follow: every value sent on
// events reaches the client as one server-sent event, and the stream ends when this returns.
// An error returned before the first event is the response; a later one ends the stream and
// is logged.
func (l *FollowLogic) Follow(events chan<- *types.Tick) error {
	// todo: add your logic here and delete this line; send each event with
	//	select {
	//	case events <- event:
	//	case <-l.ctx.Done(): // the client went away
	//		return nil
	//	}
	return nil
}
