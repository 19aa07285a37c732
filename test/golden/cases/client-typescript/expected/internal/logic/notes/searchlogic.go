package notes

import (
	"context"

	"github.com/zeromicro/go-zero/core/logx"

	"example.com/notes/internal/svc"
	types "example.com/notes/internal/types"
)

type SearchLogic struct {
	logx.Logger
	ctx    context.Context
	svcCtx *svc.ServiceContext
}

func NewSearchLogic(ctx context.Context, svcCtx *svc.ServiceContext) *SearchLogic {
	return &SearchLogic{
		Logger: logx.WithContext(ctx),
		ctx:    ctx,
		svcCtx: svcCtx,
	}
}

// Search handles GET /api/search.
func (l *SearchLogic) Search(req *types.SearchRequest) (resp *types.ListNotesResponse, err error) {
	// todo: add your logic here and delete this line
	resp = &types.ListNotesResponse{}

	return
}
