package handler

import (
	"net/http"

	"github.com/zeromicro/go-zero/rest/httpx"

	logic "example.com/shop/order/internal/logic"
	"example.com/shop/order/internal/svc"
	"example.com/shop/order/internal/types"
)

func searchOrdersHandler(svcCtx *svc.ServiceContext) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		var req types.SearchOrdersReq
		if err := httpx.Parse(r, &req); err != nil {
			httpx.ErrorCtx(r.Context(), w, err)
			return
		}

		l := logic.NewSearchOrdersLogic(r.Context(), svcCtx)
		resp, err := l.SearchOrders(&req)
		if err != nil {
			httpx.ErrorCtx(r.Context(), w, err)
		} else {
			httpx.OkJsonCtx(r.Context(), w, resp)
		}
	}
}
