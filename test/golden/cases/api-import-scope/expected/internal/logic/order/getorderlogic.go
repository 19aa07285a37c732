package order

import (
	"context"

	"github.com/zeromicro/go-zero/core/logx"

	"example.com/mall/internal/svc"
	types "example.com/mall/internal/types"
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

// GetOrder handles GET /api/order/:id.
func (l *GetOrderLogic) GetOrder(req *types.OrderReq) (resp *types.OrderResp, err error) {
	// todo: add your logic here and delete this line
	resp = &types.OrderResp{}

	return
}
