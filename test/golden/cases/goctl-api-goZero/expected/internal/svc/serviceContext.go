package svc

import (
	"github.com/zeromicro/go-zero/rest"

	"example.com/shop/order/internal/config"
	"example.com/shop/order/internal/middleware"
)

type ServiceContext struct {
	Config    config.Config
	RateLimit rest.Middleware
}

func NewServiceContext(c config.Config) *ServiceContext {
	return &ServiceContext{
		Config:    c,
		RateLimit: middleware.NewRateLimitMiddleware().Handle,
	}
}
