package model

// OrderModel reads and writes table order. The generated methods (Insert,
// FindOne, Update, Delete, BulkInsert, FindOneBy..., Query) come from orderGen in
// ordermodel_gen.go, which codegen rewrites; add your own methods to this file,
// which codegen never touches again.
type OrderModel struct {
	*orderGen
}

func newOrderModel(db *DB) *OrderModel {
	return &OrderModel{orderGen: newOrderGen(db)}
}
