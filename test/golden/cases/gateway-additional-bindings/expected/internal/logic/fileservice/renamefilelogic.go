package fileservice

import (
	"context"

	"github.com/zeromicro/go-zero/core/logx"

	"example.com/files/internal/svc"
	filesv1 "example.com/files/pb/files/v1"
)

type RenameFileLogic struct {
	logx.Logger
	ctx    context.Context
	svcCtx *svc.ServiceContext
}

func NewRenameFileLogic(ctx context.Context, svcCtx *svc.ServiceContext) *RenameFileLogic {
	return &RenameFileLogic{
		Logger: logx.WithContext(ctx),
		ctx:    ctx,
		svcCtx: svcCtx,
	}
}

// RenameFile implements files.v1.FileService/RenameFile.
func (l *RenameFileLogic) RenameFile(in *filesv1.RenameFileRequest) (*filesv1.File, error) {
	// todo: add your logic here and delete this line

	return &filesv1.File{}, nil
}
