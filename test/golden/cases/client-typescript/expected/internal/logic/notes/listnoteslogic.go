package notes

import (
	"context"

	"github.com/zeromicro/go-zero/core/logx"

	"example.com/notes/internal/svc"
	types "example.com/notes/internal/types"
)

type ListNotesLogic struct {
	logx.Logger
	ctx    context.Context
	svcCtx *svc.ServiceContext
}

func NewListNotesLogic(ctx context.Context, svcCtx *svc.ServiceContext) *ListNotesLogic {
	return &ListNotesLogic{
		Logger: logx.WithContext(ctx),
		ctx:    ctx,
		svcCtx: svcCtx,
	}
}

// ListNotes handles GET /api/notes.
func (l *ListNotesLogic) ListNotes(req *types.ListNotesRequest) (resp *types.ListNotesResponse, err error) {
	// todo: add your logic here and delete this line
	resp = &types.ListNotesResponse{}

	return
}
