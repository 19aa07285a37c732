package libraryservice

import (
	"context"

	"github.com/zeromicro/go-zero/core/logx"

	"example.com/library/internal/svc"
	libraryv1 "example.com/library/pb/library/v1"
	"google.golang.org/protobuf/types/known/emptypb"
)

type AuditBooksLogic struct {
	logx.Logger
	ctx    context.Context
	svcCtx *svc.ServiceContext
}

func NewAuditBooksLogic(ctx context.Context, svcCtx *svc.ServiceContext) *AuditBooksLogic {
	return &AuditBooksLogic{
		Logger: logx.WithContext(ctx),
		ctx:    ctx,
		svcCtx: svcCtx,
	}
}

// AuditBooks implements library.v1.LibraryService/AuditBooks.
func (l *AuditBooksLogic) AuditBooks(in *emptypb.Empty) (*libraryv1.AuditBooksResponse, error) {
	// todo: add your logic here and delete this line

	return &libraryv1.AuditBooksResponse{}, nil
}
