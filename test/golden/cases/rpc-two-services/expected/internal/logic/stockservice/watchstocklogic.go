package stockservice

import (
	"context"

	"github.com/zeromicro/go-zero/core/logx"

	"github.com/acme/inventory/internal/svc"
	inventoryv1 "github.com/acme/inventory/pb/inventory/v1"
)

type WatchStockLogic struct {
	logx.Logger
	ctx    context.Context
	svcCtx *svc.ServiceContext
}

func NewWatchStockLogic(ctx context.Context, svcCtx *svc.ServiceContext) *WatchStockLogic {
	return &WatchStockLogic{
		Logger: logx.WithContext(ctx),
		ctx:    ctx,
		svcCtx: svcCtx,
	}
}

// WatchStock implements acme.inventory.v1.StockService/WatchStock.
func (l *WatchStockLogic) WatchStock(in *inventoryv1.WatchStockRequest, stream inventoryv1.StockService_WatchStockServer) error {
	// todo: add your logic here and delete this line: stream.Send(...) for each response

	return nil
}
