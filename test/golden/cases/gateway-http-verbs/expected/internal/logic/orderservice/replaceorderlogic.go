package orderservice

import (
	"context"

	"github.com/zeromicro/go-zero/core/logx"

	"example.com/orders/internal/svc"
	"example.com/orders/pb/orders"
)

type ReplaceOrderLogic struct {
	logx.Logger
	ctx    context.Context
	svcCtx *svc.ServiceContext
}

func NewReplaceOrderLogic(ctx context.Context, svcCtx *svc.ServiceContext) *ReplaceOrderLogic {
	return &ReplaceOrderLogic{
		Logger: logx.WithContext(ctx),
		ctx:    ctx,
		svcCtx: svcCtx,
	}
}

// ReplaceOrder implements orders.v1.OrderService/ReplaceOrder.
func (l *ReplaceOrderLogic) ReplaceOrder(in *orders.Order) (*orders.Order, error) {
	// todo: add your logic here and delete this line

	return &orders.Order{}, nil
}
