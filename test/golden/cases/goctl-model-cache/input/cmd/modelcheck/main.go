// Command modelcheck is code written against goctl's models (a service's wiring and logic): it
// must compile unchanged against the generated package. It is built, never run.
package main

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/zeromicro/go-zero/core/stores/cache"
	"github.com/zeromicro/go-zero/core/stores/redis"
	"github.com/zeromicro/go-zero/core/stores/sqlx"

	"example.com/shop/model"
)

type models struct {
	users      model.UserModel
	orderItems model.OrderItemModel
	products   model.ProductModel
}

func main() {
	conn := sqlx.NewMysql("root@tcp(127.0.0.1:3306)/shop?parseTime=true")
	c := cache.CacheConf{{RedisConf: redis.RedisConf{Host: "127.0.0.1:6379", Type: "node"}, Weight: 100}}
	m := models{users: model.NewUserModel(conn, c), orderItems: model.NewOrderItemModel(conn, c, cache.WithExpiry(time.Hour)), products: model.NewProductModel(conn, c)}
	ctx := context.Background()

	var (
		_ func(context.Context, *model.User) (sql.Result, error)          = m.users.Insert
		_ func(context.Context, uint64) (*model.User, error)              = m.users.FindOne
		_ func(context.Context, string) (*model.User, error)              = m.users.FindOneByMobile
		_ func(context.Context, string, string) (*model.User, error)      = m.users.FindOneByNameGender
		_ func(context.Context, *model.User) error                        = m.users.Update
		_ func(context.Context, uint64) error                             = m.users.Delete
		_ func(context.Context, int64) (*model.OrderItem, error)          = m.orderItems.FindOne
		_ func(context.Context, string, uint64) (*model.OrderItem, error) = m.orderItems.FindOneByOrderNoLineNo
		_ func(context.Context, string) (*model.Product, error)           = m.products.FindOne
		_ func(context.Context, string) error                             = m.products.Delete
	)

	u := model.User{
		Name: "ann", Mobile: "100", Nickname: sql.NullString{String: "annie", Valid: true}, Gender: "f",
		Age: 30, Score: sql.NullInt64{Int64: 7, Valid: true}, Balance: 12.5, Rating: sql.NullFloat64{}, Weight: 55.5,
		Birthday: sql.NullTime{Time: time.Now(), Valid: true}, LastLogin: sql.NullTime{}, CreateTime: time.Now(), UpdateTime: time.Now(),
	}
	if res, err := m.users.Insert(ctx, &u); err == nil {
		id, _ := res.LastInsertId()
		u.Id = uint64(id)
	}
	if _, err := m.users.FindOne(ctx, u.Id); errors.Is(err, model.ErrNotFound) {
		fmt.Println("not found")
	}
	item := model.OrderItem{OrderNo: "A1", LineNo: 1, ProductSku: "sku", Quantity: 2, Price: 9.99,
		Discount: sql.NullFloat64{}, Note: sql.NullString{}, Paid: 0, ShippedAt: sql.NullTime{}, CreatedAt: time.Now()}
	_, _ = m.orderItems.Insert(ctx, &item)
	p := model.Product{Sku: "sku", Title: "t", Stock: 1, SmallCount: sql.NullInt64{}, Payload: sql.NullString{},
		Attrs: sql.NullString{}, Released: sql.NullInt64{}, Updated: time.Now()}
	_ = m.products.Update(ctx, &p)
}
