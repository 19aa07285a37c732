package notes

import (
	"context"

	"github.com/zeromicro/go-zero/core/logx"

	"example.com/notes/internal/svc"
	types "example.com/notes/internal/types"
)

type NotesByTagLogic struct {
	logx.Logger
	ctx    context.Context
	svcCtx *svc.ServiceContext
}

func NewNotesByTagLogic(ctx context.Context, svcCtx *svc.ServiceContext) *NotesByTagLogic {
	return &NotesByTagLogic{
		Logger: logx.WithContext(ctx),
		ctx:    ctx,
		svcCtx: svcCtx,
	}
}

// NotesByTag handles GET /api/tags/:tag.
func (l *NotesByTagLogic) NotesByTag() (resp *types.ListNotesResponse, err error) {
	// todo: add your logic here and delete this line
	resp = &types.ListNotesResponse{}

	return
}
