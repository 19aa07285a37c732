package audit

import (
	"context"

	"github.com/zeromicro/go-zero/core/logx"

	"example.com/user/internal/svc"
	"example.com/user/internal/types"
)

type ListAuditLogic struct {
	logx.Logger
	ctx    context.Context
	svcCtx *svc.ServiceContext
}

func NewListAuditLogic(ctx context.Context, svcCtx *svc.ServiceContext) *ListAuditLogic {
	return &ListAuditLogic{
		Logger: logx.WithContext(ctx),
		ctx:    ctx,
		svcCtx: svcCtx,
	}
}

func (l *ListAuditLogic) ListAudit(req *types.AuditListReq) (resp []types.AuditEntry, err error) {
	// todo: add your logic here and delete this line

	return
}
