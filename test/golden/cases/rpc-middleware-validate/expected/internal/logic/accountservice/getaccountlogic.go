package accountservice

import (
	"context"

	"github.com/zeromicro/go-zero/core/logx"

	"example.com/accounts/internal/svc"
	accountsv1 "example.com/accounts/pb/accounts/v1"
)

type GetAccountLogic struct {
	logx.Logger
	ctx    context.Context
	svcCtx *svc.ServiceContext
}

func NewGetAccountLogic(ctx context.Context, svcCtx *svc.ServiceContext) *GetAccountLogic {
	return &GetAccountLogic{
		Logger: logx.WithContext(ctx),
		ctx:    ctx,
		svcCtx: svcCtx,
	}
}

// GetAccount implements accounts.v1.AccountService/GetAccount.
func (l *GetAccountLogic) GetAccount(in *accountsv1.GetAccountRequest) (*accountsv1.Account, error) {
	// todo: add your logic here and delete this line

	return &accountsv1.Account{}, nil
}
