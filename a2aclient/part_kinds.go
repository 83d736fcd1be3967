package a2aclient

// Part kinds beyond the wire's own. Every wire family reads and writes
// text, file and data parts built in, on paths tuned for streams. A kind
// parley adds on top (a convention agents follow inside those parts, such
// as a tool call carried as a data part) is one file: it declares its
// PartKind and registers a partKindCodec. Each family calls liftParts on
// what it decoded and lowerPart on what it is about to encode, and the
// stored form does the same (LiftPart, LowerPart), so no reader or writer
// changes for a new kind.

// partKindCodec recognises a kind in a part of a wire kind, and turns it
// back into that wire kind.
type partKindCodec struct {
	kind PartKind
	// on is the wire kind the kind rides on; lift is only asked about
	// parts of that kind.
	on PartKind
	// lift returns the part as this kind, or false when it is not one.
	lift func(p Part) (Part, bool)
	// lower returns the part in its wire kind, losing nothing lift read.
	lower func(p Part) Part
}

// partKinds holds the registered kinds, in registration order; the first
// whose lift accepts a part wins.
var partKinds []partKindCodec

// registerPartKind adds a kind; it is called from the kind's own file, at
// init.
func registerPartKind(c partKindCodec) { partKinds = append(partKinds, c) }

// LiftPart returns p as the registered kind it is, or p unchanged.
func LiftPart(p Part) Part {
	if p.Kind == PartText {
		return p // the common case, and no kind rides on text today
	}
	for i := range partKinds {
		c := &partKinds[i]
		if c.on != p.Kind {
			continue
		}
		if q, ok := c.lift(p); ok {
			q.Kind = c.kind
			return q
		}
	}
	return p
}

// LowerPart returns p in the wire kind it travels as: a registered kind
// becomes the part it was read from; text, file and data are unchanged.
func LowerPart(p Part) Part {
	switch p.Kind {
	case PartText, PartFile, PartData:
		return p
	}
	for i := range partKinds {
		if c := &partKinds[i]; c.kind == p.Kind {
			q := c.lower(p)
			q.Kind = c.on
			return q
		}
	}
	return p
}

// liftParts lifts every part in place.
func liftParts(parts []Part) []Part {
	if len(partKinds) == 0 {
		return parts
	}
	for i := range parts {
		parts[i] = LiftPart(parts[i])
	}
	return parts
}
