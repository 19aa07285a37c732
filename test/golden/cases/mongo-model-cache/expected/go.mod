module example.com/accounts

go 1.26.0

require (
	buf.build/gen/go/bufbuild/protovalidate/protocolbuffers/go v1.36.12-20260825204119-511051f7f437.1
	buf.build/go/protovalidate v1.4.0
	github.com/go-playground/validator/v10 v10.30.6
	github.com/spf13/cobra v1.10.2
	github.com/swaggest/swgui v1.8.5
	github.com/zeromicro/go-zero v1.10.3
	google.golang.org/genproto/googleapis/api v0.0.0-20260819154853-08b0e4226688
	google.golang.org/grpc v1.85.0
	google.golang.org/protobuf v1.36.12
)
