package main

import "example.com/blog/cmd"

func main() {
	cmd.Execute()
}
