package middleware

import "net/http"

type RateLimitMiddleware struct {
}

func NewRateLimitMiddleware() *RateLimitMiddleware {
	return &RateLimitMiddleware{}
}

func (m *RateLimitMiddleware) Handle(next http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		// todo: add your middleware logic here, before and/or after next

		next(w, r)
	}
}
