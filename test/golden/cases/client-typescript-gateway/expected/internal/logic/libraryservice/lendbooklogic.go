package libraryservice

import (
	"context"

	"github.com/zeromicro/go-zero/core/logx"

	"example.com/library/internal/svc"
	libraryv1 "example.com/library/pb/library/v1"
)

type LendBookLogic struct {
	logx.Logger
	ctx    context.Context
	svcCtx *svc.ServiceContext
}

func NewLendBookLogic(ctx context.Context, svcCtx *svc.ServiceContext) *LendBookLogic {
	return &LendBookLogic{
		Logger: logx.WithContext(ctx),
		ctx:    ctx,
		svcCtx: svcCtx,
	}
}

// LendBook implements library.v1.LibraryService/LendBook.
func (l *LendBookLogic) LendBook(in *libraryv1.LendBookRequest) (*libraryv1.Loan, error) {
	// todo: add your logic here and delete this line

	return &libraryv1.Loan{}, nil
}
