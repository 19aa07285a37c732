package main

import "example.com/school/cmd"

func main() {
	cmd.Execute()
}
