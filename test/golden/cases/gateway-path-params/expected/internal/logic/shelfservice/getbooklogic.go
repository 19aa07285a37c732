package shelfservice

import (
	"context"

	"github.com/zeromicro/go-zero/core/logx"

	"example.com/shelves/internal/svc"
	"example.com/shelves/pb/shelves"
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

// GetBook implements shelves.v1.ShelfService/GetBook.
func (l *GetBookLogic) GetBook(in *shelves.GetBookRequest) (*shelves.Book, error) {
	// todo: add your logic here and delete this line

	return &shelves.Book{}, nil
}
