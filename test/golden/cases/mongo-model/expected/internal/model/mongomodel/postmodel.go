package mongomodel

// PostModel is the model of the post collection: the methods of
// postmodel_gen.go, and yours, added here.
type PostModel struct {
	*postModel
}

func newPostModel(c Conf) (*PostModel, error) {
	m, err := openPostModel(c)
	if err != nil {
		return nil, err
	}
	return &PostModel{postModel: m}, nil
}
