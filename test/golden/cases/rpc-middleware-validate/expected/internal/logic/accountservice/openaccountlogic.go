package accountservice

import (
	"context"

	"github.com/zeromicro/go-zero/core/logx"

	"example.com/accounts/internal/svc"
	accountsv1 "example.com/accounts/pb/accounts/v1"
)

type OpenAccountLogic struct {
	logx.Logger
	ctx    context.Context
	svcCtx *svc.ServiceContext
}

func NewOpenAccountLogic(ctx context.Context, svcCtx *svc.ServiceContext) *OpenAccountLogic {
	return &OpenAccountLogic{
		Logger: logx.WithContext(ctx),
		ctx:    ctx,
		svcCtx: svcCtx,
	}
}

// OpenAccount implements accounts.v1.AccountService/OpenAccount.
func (l *OpenAccountLogic) OpenAccount(in *accountsv1.OpenAccountRequest) (*accountsv1.Account, error) {
	// todo: add your logic here and delete this line

	return &accountsv1.Account{}, nil
}
