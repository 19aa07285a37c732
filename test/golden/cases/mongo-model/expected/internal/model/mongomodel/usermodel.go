package mongomodel

// UserModel is the model of the users collection: the methods of
// usermodel_gen.go, and yours, added here.
type UserModel struct {
	*userModel
}

func newUserModel(c Conf) (*UserModel, error) {
	m, err := openUserModel(c)
	if err != nil {
		return nil, err
	}
	return &UserModel{userModel: m}, nil
}
