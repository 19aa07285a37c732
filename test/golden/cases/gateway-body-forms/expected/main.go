package main

import "example.com/tasks/cmd"

func main() {
	cmd.Execute()
}
