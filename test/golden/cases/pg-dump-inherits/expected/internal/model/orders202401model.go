package model

// Orders202401Model reads and writes table orders_2024_01. The generated methods (Insert,
// FindOne, Update, Delete, BulkInsert, FindOneBy..., Query) come from orders202401Gen in
// orders202401model_gen.go, which codegen rewrites; add your own methods to this file,
// which codegen never touches again.
type Orders202401Model struct {
	*orders202401Gen
}

func newOrders202401Model(db *DB) *Orders202401Model {
	return &Orders202401Model{orders202401Gen: newOrders202401Gen(db)}
}
