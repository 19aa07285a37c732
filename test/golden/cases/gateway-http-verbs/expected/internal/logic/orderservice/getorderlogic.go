package orderservice

import (
	"context"

	"github.com/zeromicro/go-zero/core/logx"

	"example.com/orders/internal/svc"
	"example.com/orders/pb/orders"
)

type GetOrderLogic struct {
	logx.Logger
	ctx    context.Context
	svcCtx *svc.ServiceContext
}

func NewGetOrderLogic(ctx context.Context, svcCtx *svc.ServiceContext) *GetOrderLogic {
	return &GetOrderLogic{
		Logger: logx.WithContext(ctx),
		ctx:    ctx,
		svcCtx: svcCtx,
	}
}

// GetOrder implements orders.v1.OrderService/GetOrder.
func (l *GetOrderLogic) GetOrder(in *orders.GetOrderRequest) (*orders.Order, error) {
	// todo: add your logic here and delete this line

	return &orders.Order{}, nil
}
