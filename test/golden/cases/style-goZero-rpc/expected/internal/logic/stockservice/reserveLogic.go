package stockservice

import (
	"context"

	"github.com/zeromicro/go-zero/core/logx"

	"example.com/stock/internal/svc"
	stockv1 "example.com/stock/pb/stock/v1"
)

type ReserveLogic struct {
	logx.Logger
	ctx    context.Context
	svcCtx *svc.ServiceContext
}

func NewReserveLogic(ctx context.Context, svcCtx *svc.ServiceContext) *ReserveLogic {
	return &ReserveLogic{
		Logger: logx.WithContext(ctx),
		ctx:    ctx,
		svcCtx: svcCtx,
	}
}

// Reserve implements stock.v1.StockService/Reserve.
func (l *ReserveLogic) Reserve(in *stockv1.StockRequest) (*stockv1.StockLevel, error) {
	// todo: add your logic here and delete this line

	return &stockv1.StockLevel{}, nil
}
