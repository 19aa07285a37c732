package orderservice

import (
	"context"

	"github.com/zeromicro/go-zero/core/logx"

	"example.com/orders/internal/svc"
	"example.com/orders/pb/orders"
	"google.golang.org/protobuf/types/known/emptypb"
)

type HeadOrderLogic struct {
	logx.Logger
	ctx    context.Context
	svcCtx *svc.ServiceContext
}

func NewHeadOrderLogic(ctx context.Context, svcCtx *svc.ServiceContext) *HeadOrderLogic {
	return &HeadOrderLogic{
		Logger: logx.WithContext(ctx),
		ctx:    ctx,
		svcCtx: svcCtx,
	}
}

// HeadOrder implements orders.v1.OrderService/HeadOrder.
func (l *HeadOrderLogic) HeadOrder(in *orders.GetOrderRequest) (*emptypb.Empty, error) {
	// todo: add your logic here and delete this line

	return &emptypb.Empty{}, nil
}
