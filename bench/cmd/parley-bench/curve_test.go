//go:build linux

package main

import (
	"fmt"
	"strings"
	"testing"
)

// TestCurveShape: a figure is flat when its last point is within 1.3× of
// its first, linear when what each item adds beyond the first point
// stays within 1.3× from the last-but-one point to the last; a per-item
// cost too small to tell from noise at the earlier points is bounded by
// what a flat start allows, not read as zero.
func TestCurveShape(t *testing.T) {
	pts := func(vs ...float64) []curvePoint {
		ns := []int{10, 100, 1000, 10000}
		out := make([]curvePoint, len(vs))
		for i, v := range vs {
			out[i] = curvePoint{ns[i], v}
		}
		return out
	}
	for _, c := range []struct {
		name         string
		pts          []curvePoint
		flat, linear bool
		kind         string
	}{
		{"flat", pts(20, 21, 22, 25), true, true, "flat"},
		{"a fixed cost and one per item", pts(20, 20.9, 29.9, 119.9), false, true, "linear"},
		{"per item doubles at the last point", pts(20, 21, 30, 240), false, false, "worse than linear"},
		{"quadratic", pts(1, 4, 100, 10000), false, false, "worse than linear"},
		{"flat start, then linear within what the start hides", pts(20, 20, 21, 60), false, true, "linear"},
		{"flat start, then far steeper", pts(20, 20, 21, 200), false, false, "worse than linear"},
	} {
		s := judge(c.pts)
		if s.flat != c.flat || s.linear != c.linear || s.kind() != c.kind {
			t.Errorf("%s: flat %v linear %v (%s; ratio %.2f, per item %.2f), want flat %v linear %v (%s)",
				c.name, s.flat, s.linear, s.kind(), s.ratio, s.perItem, c.flat, c.linear, c.kind)
		}
	}
}

// TestCurveRow: a curve prints as its values "a / b / c", the ratio
// last/first beside the items' ratio (the linear bound), and passes
// only when flat or linear.
func TestCurveRow(t *testing.T) {
	c := curve{unit: func(v float64) string { return fmt.Sprintf("%.0f ms", v) }}
	c.add(10, 20)
	c.add(1000, 22)
	c.add(100000, 2200)
	measured, ok := c.measured()
	if ok {
		t.Errorf("a curve 100× dearer per item at its last point passed: %s", measured)
	}
	for _, want := range []string{"20 / 22 / 2200 ms", "last/first 110×", "items ×10,000"} {
		if !strings.Contains(measured, want) {
			t.Errorf("measured %q lacks %q", measured, want)
		}
	}
}
