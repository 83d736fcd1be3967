package a2aclient

import "testing"

// BenchmarkFastArtifactUpdate reads one chunk of the bench stream (64
// bytes of Markdown with escapes) the fast way, as every event of a long
// answer is read.
func BenchmarkFastArtifactUpdate(b *testing.B) {
	text := `"walk along the river and stop for ` + "`coffee`" + ` before the\n\n- pack light\n"`
	for _, tc := range []struct {
		name  string
		data  []byte
		shape fastShape
	}{
		{"v0.3", []byte(taggedChunk(text)), fastKind},
		{"v1.0", []byte(v10Chunk(text)), fastV10},
	} {
		b.Run(tc.name, func(b *testing.B) {
			var last fastStrings
			b.SetBytes(int64(len(tc.data)))
			b.ReportAllocs()
			for b.Loop() {
				if _, ok := fastArtifactUpdate(tc.data, "7", tc.shape, &last); !ok {
					b.Fatal("the chunk went the slow way")
				}
			}
		})
	}
}
