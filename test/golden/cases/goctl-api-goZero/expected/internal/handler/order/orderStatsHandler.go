package order

import (
	"net/http"

	"github.com/zeromicro/go-zero/rest/httpx"

	logic "example.com/shop/order/internal/logic/order"
	"example.com/shop/order/internal/svc"
)

func OrderStatsHandler(svcCtx *svc.ServiceContext) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		l := logic.NewOrderStatsLogic(r.Context(), svcCtx)
		resp, err := l.OrderStats()
		if err != nil {
			httpx.ErrorCtx(r.Context(), w, err)
		} else {
			httpx.OkJsonCtx(r.Context(), w, resp)
		}
	}
}
