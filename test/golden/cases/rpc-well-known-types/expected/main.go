package main

import "example.com/events/cmd"

func main() {
	cmd.Execute()
}
