//go:build !unix

package bench

import "time"

// processCPU is not measured here: cpu-ns/event reads 0.
func processCPU() time.Duration { return 0 }
