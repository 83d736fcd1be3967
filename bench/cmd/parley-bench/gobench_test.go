//go:build linux

package main

import "testing"

// A benchmark run several times (-count) is read as the median of its
// runs, per unit: one run on a busy machine does not decide a ratio.
func TestGoBenchIsTheMedianOfItsRuns(t *testing.T) {
	out := []byte(`goos: linux
BenchmarkIngest/v1.0/send-json-2   3   4000 ns/event   3000 cpu-ns/event   680 B/event
BenchmarkIngest/v1.0/send-json-2   3   9000 ns/event   7000 cpu-ns/event   680 B/event
BenchmarkIngest/v1.0/send-json-2   3   4200 ns/event   3100 cpu-ns/event   690 B/event
BenchmarkOther-2   10   55 ns/op
PASS
`)
	res := benchResult{}
	parseBench(out, res)
	if v, ok := res.get("Ingest/v1.0/send-json", "cpu-ns/event"); !ok || v != 3100 {
		t.Fatalf("cpu-ns/event = %v, %v; want the median 3100", v, ok)
	}
	if v, ok := res.get("Ingest/v1.0/send-json", "B/event"); !ok || v != 680 {
		t.Fatalf("B/event = %v, %v; want 680", v, ok)
	}
	if v, ok := res.get("Other", "ns/op"); !ok || v != 55 {
		t.Fatalf("a benchmark run once = %v, %v; want 55", v, ok)
	}
	if _, ok := res.get("Missing", "ns/op"); ok {
		t.Fatal("a benchmark that did not run has a figure")
	}
}
