package config

// Config is the service configuration loaded from etc/etc.yaml.
// Add your own keys here; Generated holds the keys codegen manages.
type Config struct {
	Generated
}
