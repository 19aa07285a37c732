package main

import "example.com/main/cmd"

func main() {
	cmd.Execute()
}
