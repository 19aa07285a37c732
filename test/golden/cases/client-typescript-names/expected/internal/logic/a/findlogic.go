package a

import (
	"context"

	"github.com/zeromicro/go-zero/core/logx"

	"example.com/main/internal/svc"
	types "example.com/main/internal/types"
)

type FindLogic struct {
	logx.Logger
	ctx    context.Context
	svcCtx *svc.ServiceContext
}

func NewFindLogic(ctx context.Context, svcCtx *svc.ServiceContext) *FindLogic {
	return &FindLogic{
		Logger: logx.WithContext(ctx),
		ctx:    ctx,
		svcCtx: svcCtx,
	}
}

// Find handles GET /find.
func (l *FindLogic) Find(req *types.Find) (resp []types.Item, err error) {
	// todo: add your logic here and delete this line
	resp = []types.Item{}

	return
}
