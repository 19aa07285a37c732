package stream

import (
	"context"

	"github.com/zeromicro/go-zero/core/logx"

	"example.com/ticker/internal/svc"
)

type WordsLogic struct {
	logx.Logger
	ctx    context.Context
	svcCtx *svc.ServiceContext
}

func NewWordsLogic(ctx context.Context, svcCtx *svc.ServiceContext) *WordsLogic {
	return &WordsLogic{
		Logger: logx.WithContext(ctx),
		ctx:    ctx,
		svcCtx: svcCtx,
	}
}

// Words streams the events of GET /api/words: every value sent on
// events reaches the client as one server-sent event, and the stream ends when this returns.
// An error returned before the first event is the response; a later one ends the stream and
// is logged.
func (l *WordsLogic) Words(events chan<- []string) error {
	// todo: add your logic here and delete this line; send each event with
	//	select {
	//	case events <- event:
	//	case <-l.ctx.Done(): // the client went away
	//		return nil
	//	}
	return nil
}
