module example.com/shop

go 1.26.0

require (
	github.com/go-playground/validator/v10 v10.30.6
	github.com/spf13/cobra v1.10.2
	github.com/swaggest/swgui v1.8.5
	github.com/zeromicro/go-zero v1.10.3
)
