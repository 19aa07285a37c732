package model

// AlbumModel reads and writes table Album. The generated methods (Insert,
// FindOne, Update, Delete, BulkInsert, FindOneBy..., Query) come from albumGen in
// albummodel_gen.go, which codegen rewrites; add your own methods to this file,
// which codegen never touches again.
type AlbumModel struct {
	*albumGen
}

func newAlbumModel(db *DB) *AlbumModel {
	return &AlbumModel{albumGen: newAlbumGen(db)}
}
