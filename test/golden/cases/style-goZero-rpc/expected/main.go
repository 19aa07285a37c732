package main

import "example.com/stock/cmd"

func main() {
	cmd.Execute()
}
