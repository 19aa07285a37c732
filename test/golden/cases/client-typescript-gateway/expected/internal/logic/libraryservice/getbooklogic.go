package libraryservice

import (
	"context"

	"github.com/zeromicro/go-zero/core/logx"

	"example.com/library/internal/svc"
	libraryv1 "example.com/library/pb/library/v1"
)

type GetBookLogic struct {
	logx.Logger
	ctx    context.Context
	svcCtx *svc.ServiceContext
}

func NewGetBookLogic(ctx context.Context, svcCtx *svc.ServiceContext) *GetBookLogic {
	return &GetBookLogic{
		Logger: logx.WithContext(ctx),
		ctx:    ctx,
		svcCtx: svcCtx,
	}
}

// GetBook implements library.v1.LibraryService/GetBook.
func (l *GetBookLogic) GetBook(in *libraryv1.GetBookRequest) (*libraryv1.Book, error) {
	// todo: add your logic here and delete this line

	return &libraryv1.Book{}, nil
}
