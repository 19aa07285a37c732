package model

import "github.com/zeromicro/go-zero/core/stores/sqlx"

var _ ProductModel = (*customProductModel)(nil)

// ProductModel is the model of table product: the generated methods of
// productModel, and the ones you add here and implement on customProductModel.
type ProductModel interface {
	productModel
	withSession(session sqlx.Session) ProductModel
}

type customProductModel struct {
	*defaultProductModel
}

// NewProductModel returns the model of table product.
func NewProductModel(conn sqlx.SqlConn) ProductModel {
	return &customProductModel{defaultProductModel: newProductModel(conn)}
}

// withSession is the same model on a session (a transaction).
func (m *customProductModel) withSession(session sqlx.Session) ProductModel {
	return NewProductModel(sqlx.NewSqlConnFromSession(session))
}
