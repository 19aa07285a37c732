package main

import "example.com/users/cmd"

func main() {
	cmd.Execute()
}
