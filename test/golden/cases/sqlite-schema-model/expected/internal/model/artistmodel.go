package model

// ArtistModel reads and writes table Artist. The generated methods (Insert,
// FindOne, Update, Delete, BulkInsert, FindOneBy..., Query) come from artistGen in
// artistmodel_gen.go, which codegen rewrites; add your own methods to this file,
// which codegen never touches again.
type ArtistModel struct {
	*artistGen
}

func newArtistModel(db *DB) *ArtistModel {
	return &ArtistModel{artistGen: newArtistGen(db)}
}
