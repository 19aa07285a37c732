package main

import "example.com/accounts/cmd"

func main() {
	cmd.Execute()
}
