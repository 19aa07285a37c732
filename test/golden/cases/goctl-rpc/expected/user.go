package main

import (
	"flag"
	"fmt"

	"github.com/zeromicro/go-zero/core/conf"
	"github.com/zeromicro/go-zero/core/service"
	"github.com/zeromicro/go-zero/zrpc"
	"google.golang.org/grpc"
	"google.golang.org/grpc/reflection"

	"example.com/user/internal/config"
	adminserver "example.com/user/internal/server/admin"
	userserviceserver "example.com/user/internal/server/userservice"
	"example.com/user/internal/svc"
	"example.com/user/pb"
)

var configFile = flag.String("f", "etc/user.yaml", "the config file")

func main() {
	flag.Parse()

	var c config.Config
	conf.MustLoad(*configFile, &c)
	ctx := svc.NewServiceContext(c)

	s := zrpc.MustNewServer(c.RpcServerConf, func(grpcServer *grpc.Server) {
		pb.RegisterUserServiceServer(grpcServer, userserviceserver.NewUserServiceServer(ctx))
		pb.RegisterAdminServer(grpcServer, adminserver.NewAdminServer(ctx))

		// Reflection lets grpcurl and the like list the services, outside production only.
		if c.Mode == service.DevMode || c.Mode == service.TestMode {
			reflection.Register(grpcServer)
		}
	})
	defer s.Stop()

	fmt.Printf("Starting rpc server at %s...\n", c.ListenOn)
	s.Start()
}
