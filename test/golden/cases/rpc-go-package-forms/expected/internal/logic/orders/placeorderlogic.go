package orders

import (
	"context"

	"github.com/zeromicro/go-zero/core/logx"

	"example.com/shop/internal/svc"
	orderspb "example.com/shop/pb/orders"
)

type PlaceOrderLogic struct {
	logx.Logger
	ctx    context.Context
	svcCtx *svc.ServiceContext
}

func NewPlaceOrderLogic(ctx context.Context, svcCtx *svc.ServiceContext) *PlaceOrderLogic {
	return &PlaceOrderLogic{
		Logger: logx.WithContext(ctx),
		ctx:    ctx,
		svcCtx: svcCtx,
	}
}

// PlaceOrder implements shop.orders.Orders/PlaceOrder.
func (l *PlaceOrderLogic) PlaceOrder(in *orderspb.PlaceOrderRequest) (*orderspb.Order, error) {
	// todo: add your logic here and delete this line

	return &orderspb.Order{}, nil
}
