package main

import "example.com/chat/cmd"

func main() {
	cmd.Execute()
}
