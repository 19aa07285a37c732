package order

import (
	"context"

	"github.com/zeromicro/go-zero/core/logx"

	"example.com/shop/order/internal/svc"
	"example.com/shop/order/internal/types"
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

func (l *CancelOrderLogic) CancelOrder(req *types.GetOrderByIDReq) error {
	// todo: add your logic here and delete this line

	return nil
}
