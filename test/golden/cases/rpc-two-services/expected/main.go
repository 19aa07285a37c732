package main

import "github.com/acme/inventory/cmd"

func main() {
	cmd.Execute()
}
