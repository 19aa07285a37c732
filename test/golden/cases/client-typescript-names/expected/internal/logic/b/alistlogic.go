package b

import (
	"context"

	"github.com/zeromicro/go-zero/core/logx"

	"example.com/main/internal/svc"
	types "example.com/main/internal/types"
)

type AListLogic struct {
	logx.Logger
	ctx    context.Context
	svcCtx *svc.ServiceContext
}

func NewAListLogic(ctx context.Context, svcCtx *svc.ServiceContext) *AListLogic {
	return &AListLogic{
		Logger: logx.WithContext(ctx),
		ctx:    ctx,
		svcCtx: svcCtx,
	}
}

// AList handles PUT /items.
func (l *AListLogic) AList(req *types.Find) (err error) {
	// todo: add your logic here and delete this line

	return
}
