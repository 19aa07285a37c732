package model

import "github.com/zeromicro/go-zero/core/stores/sqlx"

var _ OrderItemModel = (*customOrderItemModel)(nil)

// OrderItemModel is the model of table order_item: the generated methods of
// orderItemModel, and the ones you add here and implement on customOrderItemModel.
type OrderItemModel interface {
	orderItemModel
	withSession(session sqlx.Session) OrderItemModel
}

type customOrderItemModel struct {
	*defaultOrderItemModel
}

// NewOrderItemModel returns the model of table order_item.
func NewOrderItemModel(conn sqlx.SqlConn) OrderItemModel {
	return &customOrderItemModel{defaultOrderItemModel: newOrderItemModel(conn)}
}

// withSession is the same model on a session (a transaction).
func (m *customOrderItemModel) withSession(session sqlx.Session) OrderItemModel {
	return NewOrderItemModel(sqlx.NewSqlConnFromSession(session))
}
