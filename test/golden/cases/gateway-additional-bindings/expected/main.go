package main

import "example.com/files/cmd"

func main() {
	cmd.Execute()
}
