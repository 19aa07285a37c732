package audit

import (
	"net/http"

	"github.com/zeromicro/go-zero/rest/httpx"

	logic "example.com/user/internal/logic/admin/audit"
	"example.com/user/internal/svc"
	"example.com/user/internal/types"
)

func ListAuditHandler(svcCtx *svc.ServiceContext) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		var req types.AuditListReq
		if err := httpx.Parse(r, &req); err != nil {
			httpx.ErrorCtx(r.Context(), w, err)
			return
		}

		l := logic.NewListAuditLogic(r.Context(), svcCtx)
		resp, err := l.ListAudit(&req)
		if err != nil {
			httpx.ErrorCtx(r.Context(), w, err)
		} else {
			httpx.OkJsonCtx(r.Context(), w, resp)
		}
	}
}
