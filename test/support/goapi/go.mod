module codegen.test/goapi

go 1.22
