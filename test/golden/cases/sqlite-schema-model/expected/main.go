package main

import "example.com/music/cmd"

func main() {
	cmd.Execute()
}
