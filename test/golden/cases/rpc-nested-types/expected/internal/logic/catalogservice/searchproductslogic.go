package catalogservice

import (
	"context"

	"github.com/zeromicro/go-zero/core/logx"

	"example.com/catalog/internal/svc"
	catalogpb "example.com/catalog/pb/catalog"
)

type SearchProductsLogic struct {
	logx.Logger
	ctx    context.Context
	svcCtx *svc.ServiceContext
}

func NewSearchProductsLogic(ctx context.Context, svcCtx *svc.ServiceContext) *SearchProductsLogic {
	return &SearchProductsLogic{
		Logger: logx.WithContext(ctx),
		ctx:    ctx,
		svcCtx: svcCtx,
	}
}

// SearchProducts implements catalog.v1.CatalogService/SearchProducts.
func (l *SearchProductsLogic) SearchProducts(in *catalogpb.SearchRequest) (*catalogpb.SearchRequest_Result, error) {
	// todo: add your logic here and delete this line

	return &catalogpb.SearchRequest_Result{}, nil
}
