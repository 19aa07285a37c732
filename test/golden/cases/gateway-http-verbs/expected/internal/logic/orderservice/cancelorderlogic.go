package orderservice

import (
	"context"

	"github.com/zeromicro/go-zero/core/logx"

	"example.com/orders/internal/svc"
	"example.com/orders/pb/orders"
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

// CancelOrder implements orders.v1.OrderService/CancelOrder.
func (l *CancelOrderLogic) CancelOrder(in *orders.GetOrderRequest) (*orders.Order, error) {
	// todo: add your logic here and delete this line

	return &orders.Order{}, nil
}
