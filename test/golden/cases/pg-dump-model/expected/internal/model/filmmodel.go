package model

// FilmModel reads and writes table film. The generated methods (Insert,
// FindOne, Update, Delete, BulkInsert, FindOneBy..., Query) come from filmGen in
// filmmodel_gen.go, which codegen rewrites; add your own methods to this file,
// which codegen never touches again.
type FilmModel struct {
	*filmGen
}

func newFilmModel(db *DB) *FilmModel {
	return &FilmModel{filmGen: newFilmGen(db)}
}
