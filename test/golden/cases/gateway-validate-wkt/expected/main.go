package main

import "example.com/bookings/cmd"

func main() {
	cmd.Execute()
}
