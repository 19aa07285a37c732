package libraryservice

import (
	"context"

	"github.com/zeromicro/go-zero/core/logx"

	"example.com/library/internal/svc"
	libraryv1 "example.com/library/pb/library/v1"
	"google.golang.org/protobuf/types/known/emptypb"
)

type DeleteBookLogic struct {
	logx.Logger
	ctx    context.Context
	svcCtx *svc.ServiceContext
}

func NewDeleteBookLogic(ctx context.Context, svcCtx *svc.ServiceContext) *DeleteBookLogic {
	return &DeleteBookLogic{
		Logger: logx.WithContext(ctx),
		ctx:    ctx,
		svcCtx: svcCtx,
	}
}

// DeleteBook implements library.v1.LibraryService/DeleteBook.
func (l *DeleteBookLogic) DeleteBook(in *libraryv1.DeleteBookRequest) (*emptypb.Empty, error) {
	// todo: add your logic here and delete this line

	return &emptypb.Empty{}, nil
}
