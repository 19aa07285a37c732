package shelfservice

import (
	"context"

	"github.com/zeromicro/go-zero/core/logx"

	"example.com/shelves/internal/svc"
	"example.com/shelves/pb/shelves"
)

type ListByLevelLogic struct {
	logx.Logger
	ctx    context.Context
	svcCtx *svc.ServiceContext
}

func NewListByLevelLogic(ctx context.Context, svcCtx *svc.ServiceContext) *ListByLevelLogic {
	return &ListByLevelLogic{
		Logger: logx.WithContext(ctx),
		ctx:    ctx,
		svcCtx: svcCtx,
	}
}

// ListByLevel implements shelves.v1.ShelfService/ListByLevel.
func (l *ListByLevelLogic) ListByLevel(in *shelves.ListByLevelRequest) (*shelves.ListBooksResponse, error) {
	// todo: add your logic here and delete this line

	return &shelves.ListBooksResponse{}, nil
}
