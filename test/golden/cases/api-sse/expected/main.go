package main

import "example.com/ticker/cmd"

func main() {
	cmd.Execute()
}
