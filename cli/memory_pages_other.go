//go:build !linux

package cli

// dropStartupPages is Linux's alone (see memory_pages_linux.go): other
// systems keep the binary's pages as they are.
func dropStartupPages() {}
