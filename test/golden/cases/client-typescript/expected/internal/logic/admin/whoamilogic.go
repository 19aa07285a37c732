package admin

import (
	"context"

	"github.com/zeromicro/go-zero/core/logx"

	"example.com/notes/internal/svc"
	types "example.com/notes/internal/types"
)

type WhoAmILogic struct {
	logx.Logger
	ctx    context.Context
	svcCtx *svc.ServiceContext
}

func NewWhoAmILogic(ctx context.Context, svcCtx *svc.ServiceContext) *WhoAmILogic {
	return &WhoAmILogic{
		Logger: logx.WithContext(ctx),
		ctx:    ctx,
		svcCtx: svcCtx,
	}
}

// WhoAmI handles GET /api/admin/whoami.
func (l *WhoAmILogic) WhoAmI() (resp *types.WhoAmIResponse, err error) {
	// todo: add your logic here and delete this line
	resp = &types.WhoAmIResponse{}

	return
}
