package model

import (
	"github.com/zeromicro/go-zero/core/stores/cache"
	"github.com/zeromicro/go-zero/core/stores/sqlx"
)

var _ OrderItemModel = (*customOrderItemModel)(nil)

// OrderItemModel is the model of table order_item: the generated methods of
// orderItemModel, and the ones you add here and implement on customOrderItemModel.
type OrderItemModel interface {
	orderItemModel
}

type customOrderItemModel struct {
	*defaultOrderItemModel
}

// NewOrderItemModel returns the model of table order_item.
func NewOrderItemModel(conn sqlx.SqlConn, c cache.CacheConf, opts ...cache.Option) OrderItemModel {
	return &customOrderItemModel{defaultOrderItemModel: newOrderItemModel(conn, c, opts...)}
}
