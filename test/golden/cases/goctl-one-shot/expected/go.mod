module example.com/oneshot

go 1.22

require github.com/zeromicro/go-zero v1.8.5
