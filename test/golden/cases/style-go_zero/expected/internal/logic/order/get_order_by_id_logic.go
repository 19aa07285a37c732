package order

import (
	"context"

	"github.com/zeromicro/go-zero/core/logx"

	"example.com/shop/internal/svc"
	types "example.com/shop/internal/types"
)

type GetOrderByIDLogic struct {
	logx.Logger
	ctx    context.Context
	svcCtx *svc.ServiceContext
}

func NewGetOrderByIDLogic(ctx context.Context, svcCtx *svc.ServiceContext) *GetOrderByIDLogic {
	return &GetOrderByIDLogic{
		Logger: logx.WithContext(ctx),
		ctx:    ctx,
		svcCtx: svcCtx,
	}
}

// GetOrderByID handles GET /orders/:orderId.
func (l *GetOrderByIDLogic) GetOrderByID(req *types.OrderRequest) (resp *types.Order, err error) {
	// todo: add your logic here and delete this line
	resp = &types.Order{}

	return
}
