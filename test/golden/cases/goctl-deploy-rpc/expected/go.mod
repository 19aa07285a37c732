module example.com/greet

go 1.21

require github.com/zeromicro/go-zero v1.8.5
