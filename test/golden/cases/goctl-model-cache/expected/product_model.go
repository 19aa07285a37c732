package model

import (
	"github.com/zeromicro/go-zero/core/stores/cache"
	"github.com/zeromicro/go-zero/core/stores/sqlx"
)

var _ ProductModel = (*customProductModel)(nil)

// ProductModel is the model of table product: the generated methods of
// productModel, and the ones you add here and implement on customProductModel.
type ProductModel interface {
	productModel
}

type customProductModel struct {
	*defaultProductModel
}

// NewProductModel returns the model of table product.
func NewProductModel(conn sqlx.SqlConn, c cache.CacheConf, opts ...cache.Option) ProductModel {
	return &customProductModel{defaultProductModel: newProductModel(conn, c, opts...)}
}
