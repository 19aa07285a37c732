package shelfservice

import (
	"context"

	"github.com/zeromicro/go-zero/core/logx"

	"example.com/shelves/internal/svc"
	"example.com/shelves/pb/shelves"
)

type MoveBookLogic struct {
	logx.Logger
	ctx    context.Context
	svcCtx *svc.ServiceContext
}

func NewMoveBookLogic(ctx context.Context, svcCtx *svc.ServiceContext) *MoveBookLogic {
	return &MoveBookLogic{
		Logger: logx.WithContext(ctx),
		ctx:    ctx,
		svcCtx: svcCtx,
	}
}

// MoveBook implements shelves.v1.ShelfService/MoveBook.
func (l *MoveBookLogic) MoveBook(in *shelves.MoveBookRequest) (*shelves.Book, error) {
	// todo: add your logic here and delete this line

	return &shelves.Book{}, nil
}
