package svc

import (
	"example.com/shop/internal/config"
)

// ServiceContext carries what handlers and logic share: config, models, clients.
type ServiceContext struct {
	Config config.Config
}

func NewServiceContext(c config.Config) *ServiceContext {
	return &ServiceContext{
		Config: c,
	}
}
