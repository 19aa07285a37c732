package catalogservice

import (
	"context"

	"github.com/zeromicro/go-zero/core/logx"

	"example.com/catalog/internal/svc"
	catalogpb "example.com/catalog/pb/catalog"
)

type GetProductLogic struct {
	logx.Logger
	ctx    context.Context
	svcCtx *svc.ServiceContext
}

func NewGetProductLogic(ctx context.Context, svcCtx *svc.ServiceContext) *GetProductLogic {
	return &GetProductLogic{
		Logger: logx.WithContext(ctx),
		ctx:    ctx,
		svcCtx: svcCtx,
	}
}

// GetProduct implements catalog.v1.CatalogService/GetProduct.
func (l *GetProductLogic) GetProduct(in *catalogpb.Product_Key) (*catalogpb.Product, error) {
	// todo: add your logic here and delete this line

	return &catalogpb.Product{}, nil
}
