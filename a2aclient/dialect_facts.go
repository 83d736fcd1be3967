package a2aclient

// What a dialect's row in dialectTable says, for callers outside the
// package (parley doctor) that check an agent against it.

// Binding is the transport the dialect is spoken over.
func (d Dialect) Binding() Binding { return facts(d).binding }

// Version is the protocol version the dialect speaks ("1.0", "0.3"), ""
// for the gateway dialect, which has none.
func (d Dialect) Version() string { return facts(d).version }

// HasListTasks reports whether the dialect has a task listing.
func (d Dialect) HasListTasks() bool { return facts(d).lacks&opListTasks == 0 }

// HasExtendedCard reports whether the dialect has an authenticated
// extended card.
func (d Dialect) HasExtendedCard() bool { return facts(d).lacks&opExtendedCard == 0 }

// HasStreaming reports whether the dialect can stream a reply.
func (d Dialect) HasStreaming() bool { return facts(d).lacks&opStream == 0 }

// DataMustBeObject reports whether the dialect's data parts hold only
// JSON objects (before v1.0), so a list goes one part per element.
func (d Dialect) DataMustBeObject() bool { return facts(d).objectData }
