// Command fakemodels serves the fake Gemini and OpenAI-compatible model
// APIs on loopback until interrupted, to run gemini-cli's or VoltAgent's
// A2A server by hand against them (see interop/node/README.md).
package main

import (
	"fmt"
	"os"
	"os/signal"

	"github.com/parley-a2a/parley/internal/fakemodel"
)

func main() {
	g, o := fakemodel.Gemini(), fakemodel.OpenAI()
	defer g.Close()
	defer o.Close()
	fmt.Printf("GOOGLE_GEMINI_BASE_URL=%s\nFAKE_OPENAI_URL=%s/v1\n", g.URL, o.URL)
	stop := make(chan os.Signal, 1)
	signal.Notify(stop, os.Interrupt)
	<-stop
}
