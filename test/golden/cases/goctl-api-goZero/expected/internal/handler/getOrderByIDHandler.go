package handler

import (
	"net/http"

	"github.com/zeromicro/go-zero/rest/httpx"

	logic "example.com/shop/order/internal/logic"
	"example.com/shop/order/internal/svc"
	"example.com/shop/order/internal/types"
)

func getOrderByIDHandler(svcCtx *svc.ServiceContext) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		var req types.GetOrderByIDReq
		if err := httpx.Parse(r, &req); err != nil {
			httpx.ErrorCtx(r.Context(), w, err)
			return
		}

		l := logic.NewGetOrderByIDLogic(r.Context(), svcCtx)
		resp, err := l.GetOrderByID(&req)
		if err != nil {
			httpx.ErrorCtx(r.Context(), w, err)
		} else {
			httpx.OkJsonCtx(r.Context(), w, resp)
		}
	}
}
