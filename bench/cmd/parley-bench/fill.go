//go:build linux

package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
)

// fill writes the start-up figure's store (1,000 contexts and one of
// 10,000 items) under a data directory of the caller's, so opening the
// long context can be tried, timed or profiled by hand.
func fill(args []string) {
	fs := flag.NewFlagSet("fill", flag.ExitOnError)
	agent := fs.String("agent", "http://127.0.0.1:9/", "the agent the stored contexts name (need not be reachable)")
	fs.Parse(args)
	if fs.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: parley-bench fill [-agent URL] XDG_DATA_HOME")
		os.Exit(2)
	}
	dir := fs.Arg(0)
	id, err := fillStore(filepath.Join(dir, "parley", "parley.db"), *agent)
	if err != nil {
		fmt.Fprintln(os.Stderr, "parley-bench fill:", err)
		os.Exit(1)
	}
	fmt.Printf("stored %d contexts and one of %d items; open the long one with\n\n  XDG_DATA_HOME=%s parley --context %d\n",
		storedContexts, bigContext, dir, id)
}
