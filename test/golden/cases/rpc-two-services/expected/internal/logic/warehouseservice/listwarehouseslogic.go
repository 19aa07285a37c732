package warehouseservice

import (
	"context"

	"github.com/zeromicro/go-zero/core/logx"

	"github.com/acme/inventory/internal/svc"
	inventoryv1 "github.com/acme/inventory/pb/inventory/v1"
	"google.golang.org/protobuf/types/known/emptypb"
)

type ListWarehousesLogic struct {
	logx.Logger
	ctx    context.Context
	svcCtx *svc.ServiceContext
}

func NewListWarehousesLogic(ctx context.Context, svcCtx *svc.ServiceContext) *ListWarehousesLogic {
	return &ListWarehousesLogic{
		Logger: logx.WithContext(ctx),
		ctx:    ctx,
		svcCtx: svcCtx,
	}
}

// ListWarehouses implements acme.inventory.v1.WarehouseService/ListWarehouses.
func (l *ListWarehousesLogic) ListWarehouses(in *emptypb.Empty) (*inventoryv1.ListWarehousesResponse, error) {
	// todo: add your logic here and delete this line

	return &inventoryv1.ListWarehousesResponse{}, nil
}
