package middleware

import (
	"net/http"

	"github.com/zeromicro/go-zero/rest"

	"example.com/org/internal/svc"
)

// NewRatelimitMiddleware is the "ratelimit" HTTP middleware. It runs on the gateway
// routes whose service or method names it in (codegen.api.http_group) / (codegen.api.http).
func NewRatelimitMiddleware(svcCtx *svc.ServiceContext) rest.Middleware {
	return func(next http.HandlerFunc) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) {
			// todo: add your middleware logic here, before and/or after next

			next(w, r)
		}
	}
}
