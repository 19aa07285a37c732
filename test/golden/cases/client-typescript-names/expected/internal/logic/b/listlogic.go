package b

import (
	"context"

	"github.com/zeromicro/go-zero/core/logx"

	"example.com/main/internal/svc"
	types "example.com/main/internal/types"
)

type ListLogic struct {
	logx.Logger
	ctx    context.Context
	svcCtx *svc.ServiceContext
}

func NewListLogic(ctx context.Context, svcCtx *svc.ServiceContext) *ListLogic {
	return &ListLogic{
		Logger: logx.WithContext(ctx),
		ctx:    ctx,
		svcCtx: svcCtx,
	}
}

// List handles DELETE /items/:id.
func (l *ListLogic) List(req **types.Item) (err error) {
	// todo: add your logic here and delete this line

	return
}
