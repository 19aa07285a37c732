package main

import "example.com/orders/cmd"

func main() {
	cmd.Execute()
}
