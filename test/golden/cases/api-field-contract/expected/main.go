package main

import "example.com/shop/cmd"

func main() {
	cmd.Execute()
}
