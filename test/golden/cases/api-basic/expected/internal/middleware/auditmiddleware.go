package middleware

import (
	"net/http"

	"example.com/notes/internal/svc"
)

// AuditMiddleware runs before the handlers of the routes that declare it.
type AuditMiddleware struct {
	svcCtx *svc.ServiceContext
}

func NewAuditMiddleware(svcCtx *svc.ServiceContext) *AuditMiddleware {
	return &AuditMiddleware{svcCtx: svcCtx}
}

func (m *AuditMiddleware) Handle(next http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		// todo: add your middleware logic here, before and/or after next

		next(w, r)
	}
}
