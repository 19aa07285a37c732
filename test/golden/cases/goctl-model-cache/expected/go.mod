module example.com/shop/model

go 1.24

require github.com/zeromicro/go-zero v1.8.5
