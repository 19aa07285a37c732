package accountservice

import (
	"context"

	"github.com/zeromicro/go-zero/core/logx"

	"example.com/accounts/internal/svc"
	accountsv1 "example.com/accounts/pb/accounts/v1"
)

type StatementLogic struct {
	logx.Logger
	ctx    context.Context
	svcCtx *svc.ServiceContext
}

func NewStatementLogic(ctx context.Context, svcCtx *svc.ServiceContext) *StatementLogic {
	return &StatementLogic{
		Logger: logx.WithContext(ctx),
		ctx:    ctx,
		svcCtx: svcCtx,
	}
}

// Statement implements accounts.v1.AccountService/Statement.
func (l *StatementLogic) Statement(in *accountsv1.GetAccountRequest, stream accountsv1.AccountService_StatementServer) error {
	// todo: add your logic here and delete this line: stream.Send(...) for each response

	return nil
}
