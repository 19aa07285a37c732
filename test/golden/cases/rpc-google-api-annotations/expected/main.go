package main

import "example.com/notes/cmd"

func main() {
	cmd.Execute()
}
