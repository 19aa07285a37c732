package config

import "github.com/zeromicro/go-zero/zrpc"

// Config is what the main file loads from etc/greet.yaml.
type Config struct {
	zrpc.RpcServerConf
}
