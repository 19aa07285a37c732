package orderservice

import (
	"context"

	"github.com/zeromicro/go-zero/core/logx"

	"example.com/orders/internal/svc"
	"example.com/orders/pb/orders"
)

type PatchOrderLogic struct {
	logx.Logger
	ctx    context.Context
	svcCtx *svc.ServiceContext
}

func NewPatchOrderLogic(ctx context.Context, svcCtx *svc.ServiceContext) *PatchOrderLogic {
	return &PatchOrderLogic{
		Logger: logx.WithContext(ctx),
		ctx:    ctx,
		svcCtx: svcCtx,
	}
}

// PatchOrder implements orders.v1.OrderService/PatchOrder.
func (l *PatchOrderLogic) PatchOrder(in *orders.PatchOrderRequest) (*orders.Order, error) {
	// todo: add your logic here and delete this line

	return &orders.Order{}, nil
}
