package stockservice

import (
	"context"

	"github.com/zeromicro/go-zero/core/logx"

	"example.com/stock/internal/svc"
	stockv1 "example.com/stock/pb/stock/v1"
)

type GetStockLevelLogic struct {
	logx.Logger
	ctx    context.Context
	svcCtx *svc.ServiceContext
}

func NewGetStockLevelLogic(ctx context.Context, svcCtx *svc.ServiceContext) *GetStockLevelLogic {
	return &GetStockLevelLogic{
		Logger: logx.WithContext(ctx),
		ctx:    ctx,
		svcCtx: svcCtx,
	}
}

// GetStockLevel implements stock.v1.StockService/GetStockLevel.
func (l *GetStockLevelLogic) GetStockLevel(in *stockv1.StockRequest) (*stockv1.StockLevel, error) {
	// todo: add your logic here and delete this line

	return &stockv1.StockLevel{}, nil
}
