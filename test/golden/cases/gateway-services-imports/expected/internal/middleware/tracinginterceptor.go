package middleware

import (
	"context"

	"google.golang.org/grpc"

	"example.com/org/internal/svc"
)

// NewTracingInterceptor is the "tracing" zrpc middleware. It runs on the unary
// methods whose service or method names it in (codegen.api.zrpc_group) / (codegen.api.zrpc).
func NewTracingInterceptor(svcCtx *svc.ServiceContext) grpc.UnaryServerInterceptor {
	return func(ctx context.Context, req any, info *grpc.UnaryServerInfo, handler grpc.UnaryHandler) (any, error) {
		// todo: add your interceptor logic here, before and/or after handler

		return handler(ctx, req)
	}
}
