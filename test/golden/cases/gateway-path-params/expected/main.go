package main

import "example.com/shelves/cmd"

func main() {
	cmd.Execute()
}
