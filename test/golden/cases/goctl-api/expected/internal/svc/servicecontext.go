package svc

import (
	"github.com/zeromicro/go-zero/rest"

	"example.com/user/internal/config"
	"example.com/user/internal/middleware"
)

type ServiceContext struct {
	Config    config.Config
	AdminOnly rest.Middleware
	Check     rest.Middleware
	UserAgent rest.Middleware
}

func NewServiceContext(c config.Config) *ServiceContext {
	return &ServiceContext{
		Config:    c,
		AdminOnly: middleware.NewAdminOnlyMiddleware().Handle,
		Check:     middleware.NewCheckMiddleware().Handle,
		UserAgent: middleware.NewUserAgentMiddleware().Handle,
	}
}
