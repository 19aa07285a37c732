package model

import "github.com/zeromicro/go-zero/core/stores/sqlx"

var _ UserModel = (*customUserModel)(nil)

// UserModel is the model of table user: the generated methods of
// userModel, and the ones you add here and implement on customUserModel.
type UserModel interface {
	userModel
	withSession(session sqlx.Session) UserModel
}

type customUserModel struct {
	*defaultUserModel
}

// NewUserModel returns the model of table user.
func NewUserModel(conn sqlx.SqlConn) UserModel {
	return &customUserModel{defaultUserModel: newUserModel(conn)}
}

// withSession is the same model on a session (a transaction).
func (m *customUserModel) withSession(session sqlx.Session) UserModel {
	return NewUserModel(sqlx.NewSqlConnFromSession(session))
}
