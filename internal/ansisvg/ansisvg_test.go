package ansisvg

import (
	"encoding/xml"
	"io"
	"strings"
	"testing"
)

// A screen with colours, bold and reverse video is drawn as SVG text in
// those colours, one cell per column, every character escaped.
func TestRenderDrawsTheScreenWithItsColours(t *testing.T) {
	screen := "\x1b[1;38;2;136;192;208mparley\x1b[0m <&> \x1b[38;5;196mred\x1b[39m\n" +
		"\x1b[7mrev\x1b[27m \x1b[48;5;22m  \x1b[0m╭─ Agents ─╮\n"
	svg := string(Render(screen, Options{Title: "parley"}))
	for _, want := range []string{
		`<svg xmlns="http://www.w3.org/2000/svg"`,
		`fill="#88c0d0" font-weight="bold"`, ">parley</text>",
		"&lt;&amp;&gt;",
		`fill="#ff0000"`, ">red</text>",
		">╭─ Agents ─╮</text>",
		`fill="#005f00"`, // the 256-colour background of two spaces
		">parley</text>", // the title
	} {
		if !strings.Contains(svg, want) {
			t.Errorf("SVG lacks %s:\n%s", want, svg)
		}
	}
	// Reverse video swaps the default colours: the text is drawn in the
	// background's colour on the foreground's.
	if !strings.Contains(svg, `fill="`+defaultFG+`"/>`) || !strings.Contains(svg, `<text fill="`+defaultBG+`" xml:space="preserve" x="16.00"`) {
		t.Errorf("reverse video not drawn:\n%s", svg)
	}
	d := xml.NewDecoder(strings.NewReader(svg))
	for {
		if _, err := d.Token(); err == io.EOF {
			break
		} else if err != nil {
			t.Fatalf("not well-formed XML: %v\n%s", err, svg)
		}
	}
}

// The picture is as wide as the widest line and as tall as the lines.
func TestRenderSizesThePictureToTheScreen(t *testing.T) {
	a := string(Render("ab\ncd\n", Options{}))
	b := string(Render("abcd\ncd\nef\n", Options{}))
	if width(t, a) >= width(t, b) || height(t, a) >= height(t, b) {
		t.Errorf("2x2 is %gx%g, 4x3 is %gx%g", width(t, a), height(t, a), width(t, b), height(t, b))
	}
}

func width(t *testing.T, svg string) float64  { return attr(t, svg, "width") }
func height(t *testing.T, svg string) float64 { return attr(t, svg, "height") }

func attr(t *testing.T, svg, name string) float64 {
	t.Helper()
	var v struct {
		Width  float64 `xml:"width,attr"`
		Height float64 `xml:"height,attr"`
	}
	if err := xml.Unmarshal([]byte(svg), &v); err != nil {
		t.Fatal(err)
	}
	if name == "width" {
		return v.Width
	}
	return v.Height
}
