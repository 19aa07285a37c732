package user

import (
	"net/http"

	"github.com/zeromicro/go-zero/rest/httpx"

	logic "example.com/user/internal/logic/user"
	"example.com/user/internal/svc"
)

func LogoutHandler(svcCtx *svc.ServiceContext) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		l := logic.NewLogoutLogic(r.Context(), svcCtx)
		if err := l.Logout(); err != nil {
			httpx.ErrorCtx(r.Context(), w, err)
		} else {
			httpx.Ok(w)
		}
	}
}
