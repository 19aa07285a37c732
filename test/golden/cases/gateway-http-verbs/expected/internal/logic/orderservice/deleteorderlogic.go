package orderservice

import (
	"context"

	"github.com/zeromicro/go-zero/core/logx"

	"example.com/orders/internal/svc"
	"example.com/orders/pb/orders"
	"google.golang.org/protobuf/types/known/emptypb"
)

type DeleteOrderLogic struct {
	logx.Logger
	ctx    context.Context
	svcCtx *svc.ServiceContext
}

func NewDeleteOrderLogic(ctx context.Context, svcCtx *svc.ServiceContext) *DeleteOrderLogic {
	return &DeleteOrderLogic{
		Logger: logx.WithContext(ctx),
		ctx:    ctx,
		svcCtx: svcCtx,
	}
}

// DeleteOrder implements orders.v1.OrderService/DeleteOrder.
func (l *DeleteOrderLogic) DeleteOrder(in *orders.GetOrderRequest) (*emptypb.Empty, error) {
	// todo: add your logic here and delete this line

	return &emptypb.Empty{}, nil
}
