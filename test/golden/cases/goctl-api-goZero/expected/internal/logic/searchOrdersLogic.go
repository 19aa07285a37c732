package logic

import (
	"context"

	"github.com/zeromicro/go-zero/core/logx"

	"example.com/shop/order/internal/svc"
	"example.com/shop/order/internal/types"
)

type SearchOrdersLogic struct {
	logx.Logger
	ctx    context.Context
	svcCtx *svc.ServiceContext
}

func NewSearchOrdersLogic(ctx context.Context, svcCtx *svc.ServiceContext) *SearchOrdersLogic {
	return &SearchOrdersLogic{
		Logger: logx.WithContext(ctx),
		ctx:    ctx,
		svcCtx: svcCtx,
	}
}

func (l *SearchOrdersLogic) SearchOrders(req *types.SearchOrdersReq) (resp []types.Order, err error) {
	// todo: add your logic here and delete this line

	return
}
