package model

// AuditedModel reads and writes table audited. The generated methods (Insert,
// FindOne, Update, Delete, BulkInsert, FindOneBy..., Query) come from auditedGen in
// auditedmodel_gen.go, which codegen rewrites; add your own methods to this file,
// which codegen never touches again.
type AuditedModel struct {
	*auditedGen
}

func newAuditedModel(db *DB) *AuditedModel {
	return &AuditedModel{auditedGen: newAuditedGen(db)}
}
