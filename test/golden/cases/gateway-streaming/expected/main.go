package main

import "example.com/metrics/cmd"

func main() {
	cmd.Execute()
}
