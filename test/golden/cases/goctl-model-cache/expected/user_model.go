package model

import (
	"github.com/zeromicro/go-zero/core/stores/cache"
	"github.com/zeromicro/go-zero/core/stores/sqlx"
)

var _ UserModel = (*customUserModel)(nil)

// UserModel is the model of table user: the generated methods of
// userModel, and the ones you add here and implement on customUserModel.
type UserModel interface {
	userModel
}

type customUserModel struct {
	*defaultUserModel
}

// NewUserModel returns the model of table user.
func NewUserModel(conn sqlx.SqlConn, c cache.CacheConf, opts ...cache.Option) UserModel {
	return &customUserModel{defaultUserModel: newUserModel(conn, c, opts...)}
}
