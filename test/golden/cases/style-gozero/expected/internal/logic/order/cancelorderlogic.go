package order

import (
	"context"

	"github.com/zeromicro/go-zero/core/logx"

	"example.com/shop/internal/svc"
	types "example.com/shop/internal/types"
)

type CancelOrderLogic struct {
	logx.Logger
	ctx    context.Context
	svcCtx *svc.ServiceContext
}

func NewCancelOrderLogic(ctx context.Context, svcCtx *svc.ServiceContext) *CancelOrderLogic {
	return &CancelOrderLogic{
		Logger: logx.WithContext(ctx),
		ctx:    ctx,
		svcCtx: svcCtx,
	}
}

// CancelOrder handles POST /orders/:orderId/cancel.
func (l *CancelOrderLogic) CancelOrder(req *types.OrderRequest) (resp *types.Order, err error) {
	// todo: add your logic here and delete this line
	resp = &types.Order{}

	return
}
