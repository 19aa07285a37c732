package libraryservice

import (
	"context"

	"github.com/zeromicro/go-zero/core/logx"

	"example.com/library/internal/svc"
	libraryv1 "example.com/library/pb/library/v1"
)

type ListBooksLogic struct {
	logx.Logger
	ctx    context.Context
	svcCtx *svc.ServiceContext
}

func NewListBooksLogic(ctx context.Context, svcCtx *svc.ServiceContext) *ListBooksLogic {
	return &ListBooksLogic{
		Logger: logx.WithContext(ctx),
		ctx:    ctx,
		svcCtx: svcCtx,
	}
}

// ListBooks implements library.v1.LibraryService/ListBooks.
func (l *ListBooksLogic) ListBooks(in *libraryv1.ListBooksRequest) (*libraryv1.ListBooksResponse, error) {
	// todo: add your logic here and delete this line

	return &libraryv1.ListBooksResponse{}, nil
}
