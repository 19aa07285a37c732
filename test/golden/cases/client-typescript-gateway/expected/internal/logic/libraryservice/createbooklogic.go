package libraryservice

import (
	"context"

	"github.com/zeromicro/go-zero/core/logx"

	"example.com/library/internal/svc"
	libraryv1 "example.com/library/pb/library/v1"
)

type CreateBookLogic struct {
	logx.Logger
	ctx    context.Context
	svcCtx *svc.ServiceContext
}

func NewCreateBookLogic(ctx context.Context, svcCtx *svc.ServiceContext) *CreateBookLogic {
	return &CreateBookLogic{
		Logger: logx.WithContext(ctx),
		ctx:    ctx,
		svcCtx: svcCtx,
	}
}

// CreateBook implements library.v1.LibraryService/CreateBook.
func (l *CreateBookLogic) CreateBook(in *libraryv1.CreateBookRequest) (*libraryv1.Book, error) {
	// todo: add your logic here and delete this line

	return &libraryv1.Book{}, nil
}
