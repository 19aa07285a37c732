package model

// OrdersModel reads and writes table orders. The generated methods (Insert,
// FindOne, Update, Delete, BulkInsert, FindOneBy..., Query) come from ordersGen in
// ordersmodel_gen.go, which codegen rewrites; add your own methods to this file,
// which codegen never touches again.
type OrdersModel struct {
	*ordersGen
}

func newOrdersModel(db *DB) *OrdersModel {
	return &OrdersModel{ordersGen: newOrdersGen(db)}
}
