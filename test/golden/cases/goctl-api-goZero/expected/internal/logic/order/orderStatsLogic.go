package order

import (
	"context"

	"github.com/zeromicro/go-zero/core/logx"

	"example.com/shop/order/internal/svc"
	"example.com/shop/order/internal/types"
)

type OrderStatsLogic struct {
	logx.Logger
	ctx    context.Context
	svcCtx *svc.ServiceContext
}

func NewOrderStatsLogic(ctx context.Context, svcCtx *svc.ServiceContext) *OrderStatsLogic {
	return &OrderStatsLogic{
		Logger: logx.WithContext(ctx),
		ctx:    ctx,
		svcCtx: svcCtx,
	}
}

func (l *OrderStatsLogic) OrderStats() (resp []types.OrderItem, err error) {
	// todo: add your logic here and delete this line

	return
}
