package model

// OrderItemModel reads and writes table order_item. The generated methods (Insert,
// FindOne, Update, Delete, BulkInsert, FindOneBy..., Query) come from orderItemGen in
// orderitemmodel_gen.go, which codegen rewrites; add your own methods to this file,
// which codegen never touches again.
type OrderItemModel struct {
	*orderItemGen
}

func newOrderItemModel(db *DB) *OrderItemModel {
	return &OrderItemModel{orderItemGen: newOrderItemGen(db)}
}
