package libraryservice

import (
	"context"

	"github.com/zeromicro/go-zero/core/logx"

	"example.com/library/internal/svc"
	libraryv1 "example.com/library/pb/library/v1"
)

type UpdateBookLogic struct {
	logx.Logger
	ctx    context.Context
	svcCtx *svc.ServiceContext
}

func NewUpdateBookLogic(ctx context.Context, svcCtx *svc.ServiceContext) *UpdateBookLogic {
	return &UpdateBookLogic{
		Logger: logx.WithContext(ctx),
		ctx:    ctx,
		svcCtx: svcCtx,
	}
}

// UpdateBook implements library.v1.LibraryService/UpdateBook.
func (l *UpdateBookLogic) UpdateBook(in *libraryv1.UpdateBookRequest) (*libraryv1.Book, error) {
	// todo: add your logic here and delete this line

	return &libraryv1.Book{}, nil
}
