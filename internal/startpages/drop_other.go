//go:build !linux

// Package startpages unmaps from the process the pages of its own binary
// that package init left resident and nothing writes (Linux only).
package startpages

// Drop is Linux's alone (see drop_linux.go): other systems keep the
// binary's pages as they are.
func Drop() {}
