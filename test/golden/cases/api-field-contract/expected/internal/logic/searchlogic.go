package logic

import (
	"context"

	"github.com/zeromicro/go-zero/core/logx"

	"example.com/shop/internal/svc"
	types "example.com/shop/internal/types"
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

// Search handles POST /search.
func (l *SearchLogic) Search(req *types.SearchReq) (resp *types.SearchResp, err error) {
	// todo: add your logic here and delete this line
	resp = &types.SearchResp{}

	return
}
