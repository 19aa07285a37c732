package shelfservice

import (
	"context"

	"github.com/zeromicro/go-zero/core/logx"

	"example.com/shelves/internal/svc"
	"example.com/shelves/pb/shelves"
)

type GetShelfLogic struct {
	logx.Logger
	ctx    context.Context
	svcCtx *svc.ServiceContext
}

func NewGetShelfLogic(ctx context.Context, svcCtx *svc.ServiceContext) *GetShelfLogic {
	return &GetShelfLogic{
		Logger: logx.WithContext(ctx),
		ctx:    ctx,
		svcCtx: svcCtx,
	}
}

// GetShelf implements shelves.v1.ShelfService/GetShelf.
func (l *GetShelfLogic) GetShelf(in *shelves.GetShelfRequest) (*shelves.Shelf, error) {
	// todo: add your logic here and delete this line

	return &shelves.Shelf{}, nil
}
