// Command parley talks to AI agents over the A2A (Agent2Agent) protocol.
package main

import "github.com/parley-a2a/parley/cli"

func main() { cli.Main() }
