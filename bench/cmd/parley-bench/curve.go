//go:build linux

package main

import (
	"fmt"
	"strconv"
	"strings"
)

// growthTolerance is how far a growth point may stray: a figure is flat
// when its last point is at most this many times its first, linear when
// the cost each item adds stays within this factor over the range.
const growthTolerance = 1.3

// curvePoint is one figure measured at n items (contexts, agents, items
// of an index).
type curvePoint struct {
	n int
	v float64
}

// shape is what a curve's points say about its growth.
type shape struct {
	ratio   float64 // last / first
	perItem float64 // cost per item beyond the first point: to the last / to the last but one
	flat    bool
	linear  bool
}

func (s shape) kind() string {
	switch {
	case s.flat:
		return "flat"
	case s.linear:
		return "linear"
	}
	return "worse than linear"
}

// judge reads a curve of at least two points in the order of n. Flat:
// last/first ≤ growthTolerance. Linear: the cost per item beyond the
// first point, measured to the last point, is at most growthTolerance
// times that measured to the last but one. Where the points before the
// last are themselves flat, a per-item cost up to what that flatness
// hides ((tolerance-1)·first over their items) is as much as they can
// show; taking their measured slope instead would divide by noise. With
// two points the linear bound is the items' own ratio.
func judge(pts []curvePoint) shape {
	first, last := pts[0], pts[len(pts)-1]
	s := shape{ratio: last.v / first.v}
	s.flat = s.ratio <= growthTolerance
	if len(pts) < 3 {
		s.perItem = s.ratio / (float64(last.n) / float64(first.n))
	} else {
		prev := pts[len(pts)-2]
		slope := func(p curvePoint) float64 { return (p.v - first.v) / float64(p.n-first.n) }
		hidden := (growthTolerance - 1) * first.v / float64(prev.n-first.n)
		s.perItem = slope(last) / max(slope(prev), hidden)
	}
	s.linear = s.perItem <= growthTolerance
	return s
}

// curve is one figure over the growth points, with how its values are
// written.
type curve struct {
	unit func(float64) string // a value as printed, with its unit
	pts  []curvePoint
}

func (c *curve) add(n int, v float64) { c.pts = append(c.pts, curvePoint{n, v}) }

// measured writes the curve as "a / b / c unit", its ratio last/first
// against the items' ratio, and the per-item ratio; ok when it is flat
// or linear.
func (c *curve) measured() (string, bool) {
	var vals []string
	unit := ""
	for _, p := range c.pts {
		v := c.unit(p.v)
		num, u, _ := strings.Cut(v, " ")
		vals, unit = append(vals, num), u
	}
	s := judge(c.pts)
	first, last := c.pts[0], c.pts[len(c.pts)-1]
	out := strings.Join(vals, " / ")
	if unit != "" {
		out += " " + unit
	}
	out += fmt.Sprintf("; last/first %s (items ×%s), per item %.2f×: %s", times(s.ratio), thousands(last.n/first.n), s.perItem, s.kind())
	return out, s.flat || s.linear
}

// times writes a ratio with the digits it needs.
func times(r float64) string {
	if r >= 10 {
		return fmt.Sprintf("%.0f×", r)
	}
	return fmt.Sprintf("%.2f×", r)
}

// thousands writes n with commas: 10,000.
func thousands(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// curveTarget is the target column of every growth curve.
const curveTarget = "flat or linear (≤ 1.3×)"

// addCurve adds a curve's row to the table.
func (h *harness) addCurve(group, name string, c *curve) {
	m, ok := c.measured()
	h.add(group, name, m, curveTarget, pass(ok))
}
