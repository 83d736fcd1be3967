package a2aclient

import "bytes"

// recordSeparator is U+001E, which JSON text sequences (RFC 7464) put
// before every JSON text. VoltAgent's A2A server writes one at the start
// of each SSE data line, and documents it.
const recordSeparator = 0x1e

// trimPayload is an event's data as JSON: without surrounding white
// space and without the record separators a JSON text sequence puts in
// front. A separator anywhere else stays, for the decoder to refuse.
func trimPayload(data []byte) []byte {
	data = bytes.TrimSpace(data)
	for len(data) > 0 && data[0] == recordSeparator {
		data = bytes.TrimSpace(data[1:])
	}
	return data
}
