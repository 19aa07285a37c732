package main

import "example.com/films/cmd"

func main() {
	cmd.Execute()
}
