package a2aclient

import (
	"math/rand/v2"
	"testing"
)

// plainRunByBytes is plainRun one byte at a time, the obvious way.
func plainRunByBytes(b []byte, i int) (int, bool) {
	high := false
	for ; i < len(b); i++ {
		c := b[i]
		if c == '"' || c == '\\' || c < 0x20 {
			break
		}
		high = high || c >= 0x80
	}
	return i, high
}

// The eight-bytes-at-a-time scan finds the same byte as the obvious one,
// wherever the special byte falls in a word and whatever surrounds it
// (bytes just above and below the thresholds, high bytes, several
// specials in one word).
func TestPlainRunAgreesWithByteLoop(t *testing.T) {
	alphabet := []byte{'a', ' ', '!', '#', '"', '\\', 0, 0x1f, 0x20, 0x21, 0x22, 0x23, 0x5b, 0x5c, 0x5d, 0x7f, 0x80, 0xa2, 0xdc, 0xff, '\n'}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 200000 {
		b := make([]byte, rng.IntN(40))
		for i := range b {
			if rng.IntN(4) == 0 {
				b[i] = alphabet[rng.IntN(len(alphabet))]
			} else {
				b[i] = 'a' + byte(rng.IntN(26))
			}
		}
		from := 0
		if len(b) > 0 {
			from = rng.IntN(len(b) + 1)
		}
		gi, gh := plainRun(b, from)
		wi, wh := plainRunByBytes(b, from)
		if gi != wi || gh != wh {
			t.Fatalf("plainRun(%q, %d) = %d, %v; want %d, %v", b, from, gi, gh, wi, wh)
		}
	}
	for c := range 256 {
		for at := range 16 {
			b := make([]byte, 16)
			for i := range b {
				b[i] = 'x'
			}
			b[at] = byte(c)
			gi, gh := plainRun(b, 0)
			wi, wh := plainRunByBytes(b, 0)
			if gi != wi || gh != wh {
				t.Fatalf("byte %#x at %d: got %d, %v; want %d, %v", c, at, gi, gh, wi, wh)
			}
		}
	}
}
