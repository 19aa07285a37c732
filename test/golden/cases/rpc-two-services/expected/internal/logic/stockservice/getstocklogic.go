package stockservice

import (
	"context"

	"github.com/zeromicro/go-zero/core/logx"

	"github.com/acme/inventory/internal/svc"
	inventoryv1 "github.com/acme/inventory/pb/inventory/v1"
)

type GetStockLogic struct {
	logx.Logger
	ctx    context.Context
	svcCtx *svc.ServiceContext
}

func NewGetStockLogic(ctx context.Context, svcCtx *svc.ServiceContext) *GetStockLogic {
	return &GetStockLogic{
		Logger: logx.WithContext(ctx),
		ctx:    ctx,
		svcCtx: svcCtx,
	}
}

// GetStock implements acme.inventory.v1.StockService/GetStock.
func (l *GetStockLogic) GetStock(in *inventoryv1.GetStockRequest) (*inventoryv1.Stock, error) {
	// todo: add your logic here and delete this line

	return &inventoryv1.Stock{}, nil
}
