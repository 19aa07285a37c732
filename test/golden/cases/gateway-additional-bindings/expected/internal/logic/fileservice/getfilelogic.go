package fileservice

import (
	"context"

	"github.com/zeromicro/go-zero/core/logx"

	"example.com/files/internal/svc"
	filesv1 "example.com/files/pb/files/v1"
)

type GetFileLogic struct {
	logx.Logger
	ctx    context.Context
	svcCtx *svc.ServiceContext
}

func NewGetFileLogic(ctx context.Context, svcCtx *svc.ServiceContext) *GetFileLogic {
	return &GetFileLogic{
		Logger: logx.WithContext(ctx),
		ctx:    ctx,
		svcCtx: svcCtx,
	}
}

// GetFile implements files.v1.FileService/GetFile.
func (l *GetFileLogic) GetFile(in *filesv1.GetFileRequest) (*filesv1.File, error) {
	// todo: add your logic here and delete this line

	return &filesv1.File{}, nil
}
