package feed

import (
	"context"

	"github.com/zeromicro/go-zero/core/logx"

	"example.com/ticker/internal/svc"
	types "example.com/ticker/internal/types"
)

type SizeLogic struct {
	logx.Logger
	ctx    context.Context
	svcCtx *svc.ServiceContext
}

func NewSizeLogic(ctx context.Context, svcCtx *svc.ServiceContext) *SizeLogic {
	return &SizeLogic{
		Logger: logx.WithContext(ctx),
		ctx:    ctx,
		svcCtx: svcCtx,
	}
}

// Size handles GET /api/feed/size.
func (l *SizeLogic) Size() (resp *types.Size, err error) {
	// todo: add your logic here and delete this line
	resp = &types.Size{}

	return
}
