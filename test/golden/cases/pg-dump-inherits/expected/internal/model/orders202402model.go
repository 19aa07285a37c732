package model

// Orders202402Model reads and writes table orders_2024_02. The generated methods (Insert,
// FindOne, Update, Delete, BulkInsert, FindOneBy..., Query) come from orders202402Gen in
// orders202402model_gen.go, which codegen rewrites; add your own methods to this file,
// which codegen never touches again.
type Orders202402Model struct {
	*orders202402Gen
}

func newOrders202402Model(db *DB) *Orders202402Model {
	return &Orders202402Model{orders202402Gen: newOrders202402Gen(db)}
}
