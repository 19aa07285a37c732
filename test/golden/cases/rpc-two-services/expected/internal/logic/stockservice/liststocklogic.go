package stockservice

import (
	"context"

	"github.com/zeromicro/go-zero/core/logx"

	"github.com/acme/inventory/internal/svc"
	inventoryv1 "github.com/acme/inventory/pb/inventory/v1"
)

type ListStockLogic struct {
	logx.Logger
	ctx    context.Context
	svcCtx *svc.ServiceContext
}

func NewListStockLogic(ctx context.Context, svcCtx *svc.ServiceContext) *ListStockLogic {
	return &ListStockLogic{
		Logger: logx.WithContext(ctx),
		ctx:    ctx,
		svcCtx: svcCtx,
	}
}

// ListStock implements acme.inventory.v1.StockService/ListStock.
func (l *ListStockLogic) ListStock(in *inventoryv1.ListStockRequest) (*inventoryv1.ListStockResponse, error) {
	// todo: add your logic here and delete this line

	return &inventoryv1.ListStockResponse{}, nil
}
