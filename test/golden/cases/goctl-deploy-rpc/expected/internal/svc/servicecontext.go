package svc

import "example.com/greet/internal/config"

// ServiceContext holds what the logic needs: the config, and the clients and models you add.
type ServiceContext struct {
	Config config.Config
}

func NewServiceContext(c config.Config) *ServiceContext {
	return &ServiceContext{
		Config: c,
	}
}
