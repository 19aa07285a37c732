package notes

import (
	"context"

	"github.com/zeromicro/go-zero/core/logx"

	"example.com/notes/internal/svc"
	types "example.com/notes/internal/types"
)

type ImportNoteLogic struct {
	logx.Logger
	ctx    context.Context
	svcCtx *svc.ServiceContext
}

func NewImportNoteLogic(ctx context.Context, svcCtx *svc.ServiceContext) *ImportNoteLogic {
	return &ImportNoteLogic{
		Logger: logx.WithContext(ctx),
		ctx:    ctx,
		svcCtx: svcCtx,
	}
}

// ImportNote handles POST /api/notes/import.
func (l *ImportNoteLogic) ImportNote(req **types.CreateNoteRequest) (resp []types.Note, err error) {
	// todo: add your logic here and delete this line
	resp = []types.Note{}

	return
}
