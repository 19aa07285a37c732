package fileservice

import (
	"context"

	"github.com/zeromicro/go-zero/core/logx"

	"example.com/files/internal/svc"
	filesv1 "example.com/files/pb/files/v1"
)

type SearchFilesLogic struct {
	logx.Logger
	ctx    context.Context
	svcCtx *svc.ServiceContext
}

func NewSearchFilesLogic(ctx context.Context, svcCtx *svc.ServiceContext) *SearchFilesLogic {
	return &SearchFilesLogic{
		Logger: logx.WithContext(ctx),
		ctx:    ctx,
		svcCtx: svcCtx,
	}
}

// SearchFiles implements files.v1.FileService/SearchFiles.
func (l *SearchFilesLogic) SearchFiles(in *filesv1.SearchFilesRequest) (*filesv1.SearchFilesResponse, error) {
	// todo: add your logic here and delete this line

	return &filesv1.SearchFilesResponse{}, nil
}
