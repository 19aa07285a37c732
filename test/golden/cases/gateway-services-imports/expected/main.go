package main

import "example.com/org/cmd"

func main() {
	cmd.Execute()
}
