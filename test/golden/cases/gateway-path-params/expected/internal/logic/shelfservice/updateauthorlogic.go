package shelfservice

import (
	"context"

	"github.com/zeromicro/go-zero/core/logx"

	"example.com/shelves/internal/svc"
	"example.com/shelves/pb/shelves"
)

type UpdateAuthorLogic struct {
	logx.Logger
	ctx    context.Context
	svcCtx *svc.ServiceContext
}

func NewUpdateAuthorLogic(ctx context.Context, svcCtx *svc.ServiceContext) *UpdateAuthorLogic {
	return &UpdateAuthorLogic{
		Logger: logx.WithContext(ctx),
		ctx:    ctx,
		svcCtx: svcCtx,
	}
}

// UpdateAuthor implements shelves.v1.ShelfService/UpdateAuthor.
func (l *UpdateAuthorLogic) UpdateAuthor(in *shelves.UpdateAuthorRequest) (*shelves.Book, error) {
	// todo: add your logic here and delete this line

	return &shelves.Book{}, nil
}
