package main

import "example.com/mall/cmd"

func main() {
	cmd.Execute()
}
