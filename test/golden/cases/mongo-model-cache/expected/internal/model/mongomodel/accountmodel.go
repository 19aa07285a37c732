package mongomodel

// AccountModel is the model of the accounts collection: the methods of
// accountmodel_gen.go, and yours, added here.
type AccountModel struct {
	*accountModel
}

func newAccountModel(c Conf) (*AccountModel, error) {
	m, err := openAccountModel(c)
	if err != nil {
		return nil, err
	}
	return &AccountModel{accountModel: m}, nil
}
