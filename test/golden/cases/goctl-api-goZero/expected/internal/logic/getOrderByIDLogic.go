package logic

import (
	"context"

	"github.com/zeromicro/go-zero/core/logx"

	"example.com/shop/order/internal/svc"
	"example.com/shop/order/internal/types"
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

func (l *GetOrderByIDLogic) GetOrderByID(req *types.GetOrderByIDReq) (resp *types.Order, err error) {
	// todo: add your logic here and delete this line

	return
}
