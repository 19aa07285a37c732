package main

import "example.com/catalog/cmd"

func main() {
	cmd.Execute()
}
