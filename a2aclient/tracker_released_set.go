package a2aclient

import "hash/maphash"

// releasedSet is what a tracker keeps of the artifacts it released, by
// id, in little room: a long answer of 100,000 artifacts leaves one
// entry each. The ids' bytes are joined in one buffer, each entry says
// where its id ends and where its text is, and an open-addressed table
// of entry numbers finds an id by its hash. A map of ids held about
// three times as much (and kept each id's own string alive).
type releasedSet struct {
	ids     []byte
	entries []releasedEntry
	// table holds entry numbers + 1 (0: an empty slot), at most half
	// full; its length is a power of two.
	table []uint32
	live  int // entries not taken back
	seed  maphash.Seed
}

// releasedEntry is one artifact's: 12 bytes. Entries are in the order
// their text joined done, so each one's text starts where the previous
// one's ends, as its id does.
type releasedEntry struct {
	idEnd, end   uint32 // its id is ids[previous idEnd:idEnd], its text done[previous end:end]
	ended, named bool   // releasedArt's
	gone         bool   // taken back (a late chunk): no longer released
}

// len is the number of artifacts released and not taken back.
func (s *releasedSet) len() int { return s.live }

// get returns what is kept of the artifact with this id.
func (s *releasedSet) get(id string) (releasedArt, bool) {
	i, ok := s.find(id)
	if !ok {
		return releasedArt{}, false
	}
	e := &s.entries[i]
	r := releasedArt{end: e.end, ended: e.ended, named: e.named}
	if i > 0 {
		r.start = s.entries[i-1].end
	}
	return r, true
}

// add keeps r for id, which is not in the set; r's text starts where
// the last one added ends.
func (s *releasedSet) add(id string, r releasedArt) {
	if 2*(len(s.entries)+1) > len(s.table) {
		s.grow()
	}
	s.ids = append(s.ids, id...)
	s.entries = append(s.entries, releasedEntry{idEnd: uint32(len(s.ids)), end: r.end, ended: r.ended, named: r.named})
	s.place(len(s.entries) - 1)
	s.live++
}

// remove takes id back out of the set.
func (s *releasedSet) remove(id string) {
	if i, ok := s.find(id); ok {
		s.entries[i].gone = true
		s.live--
	}
}

// reset empties the set.
func (s *releasedSet) reset() { *s = releasedSet{} }

// room reports whether an id of n more bytes fits.
func (s *releasedSet) room(n int) bool {
	return len(s.ids)+n <= maxReleased && len(s.entries) < 1<<30
}

// idBytes is entry i's id.
func (s *releasedSet) idBytes(i int) []byte {
	start := uint32(0)
	if i > 0 {
		start = s.entries[i-1].idEnd
	}
	return s.ids[start:s.entries[i].idEnd]
}

// find returns the entry number of id, if released and not taken back.
func (s *releasedSet) find(id string) (int, bool) {
	if len(s.table) == 0 {
		return 0, false
	}
	mask := uint64(len(s.table) - 1)
	for h := maphash.String(s.seed, id) & mask; ; h = (h + 1) & mask {
		e := s.table[h]
		if e == 0 {
			return 0, false
		}
		if i := int(e - 1); !s.entries[i].gone && string(s.idBytes(i)) == id { // compared without a copy
			return i, true
		}
	}
}

// place puts entry i in the table.
func (s *releasedSet) place(i int) {
	mask := uint64(len(s.table) - 1)
	h := maphash.Bytes(s.seed, s.idBytes(i)) & mask
	for s.table[h] != 0 {
		h = (h + 1) & mask
	}
	s.table[h] = uint32(i + 1)
}

// grow doubles the table (or makes it) and places every entry again.
func (s *releasedSet) grow() {
	if len(s.table) == 0 {
		s.seed = maphash.MakeSeed()
	}
	s.table = make([]uint32, max(2*len(s.table), 64))
	for i := range s.entries {
		s.place(i)
	}
}
