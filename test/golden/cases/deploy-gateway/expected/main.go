package main

import "example.com/library/cmd"

func main() {
	cmd.Execute()
}
