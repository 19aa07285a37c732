package middleware

import "net/http"

type AdminOnlyMiddleware struct {
}

func NewAdminOnlyMiddleware() *AdminOnlyMiddleware {
	return &AdminOnlyMiddleware{}
}

func (m *AdminOnlyMiddleware) Handle(next http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		// todo: add your middleware logic here, before and/or after next

		next(w, r)
	}
}
