package model

// PaymentModel reads and writes table payment. The generated methods (Insert,
// FindOne, Update, Delete, BulkInsert, FindOneBy..., Query) come from paymentGen in
// paymentmodel_gen.go, which codegen rewrites; add your own methods to this file,
// which codegen never touches again.
type PaymentModel struct {
	*paymentGen
}

func newPaymentModel(db *DB) *PaymentModel {
	return &PaymentModel{paymentGen: newPaymentGen(db)}
}
