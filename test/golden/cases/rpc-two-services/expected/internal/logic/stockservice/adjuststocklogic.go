package stockservice

import (
	"context"

	"github.com/zeromicro/go-zero/core/logx"

	"github.com/acme/inventory/internal/svc"
	inventoryv1 "github.com/acme/inventory/pb/inventory/v1"
)

type AdjustStockLogic struct {
	logx.Logger
	ctx    context.Context
	svcCtx *svc.ServiceContext
}

func NewAdjustStockLogic(ctx context.Context, svcCtx *svc.ServiceContext) *AdjustStockLogic {
	return &AdjustStockLogic{
		Logger: logx.WithContext(ctx),
		ctx:    ctx,
		svcCtx: svcCtx,
	}
}

// AdjustStock implements acme.inventory.v1.StockService/AdjustStock.
func (l *AdjustStockLogic) AdjustStock(in *inventoryv1.AdjustStockRequest) (*inventoryv1.Stock, error) {
	// todo: add your logic here and delete this line

	return &inventoryv1.Stock{}, nil
}
