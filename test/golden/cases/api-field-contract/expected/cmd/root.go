package cmd

import (
	"os"

	"github.com/spf13/cobra"
)

// configFile is shared by every sub command through the persistent -f/--config flag.
var configFile string

var rootCmd = &cobra.Command{
	Use:          "shop",
	Short:        "shop service",
	SilenceUsage: true,
}

// Execute runs the root command and exits non-zero on failure.
func Execute() {
	if err := rootCmd.Execute(); err != nil {
		os.Exit(1)
	}
}

func init() {
	rootCmd.PersistentFlags().StringVarP(&configFile, "config", "f", "etc/etc.yaml", "path of the config file")
}
