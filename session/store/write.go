package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"time"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/session"
)

// group is one batch of a recorder's changes, written in one transaction.
type group struct {
	agent     session.AgentInfo
	contextID string
	items     []session.Item // in transcript order
	tasks     []session.TaskInfo
	now       time.Time
	// settle settles every item, indexed, as if it were done (but for
	// its done field): the last group of a recorder that closes.
	settle bool
}

// recState is what a recorder knows of its context in the store. A group
// reads it and returns a delta, applied only once the group committed.
type recState struct {
	id int64 // 0 until the context row exists
	// known holds the conversation's keys that are rows of this context:
	// items restored from it, and items this recorder inserted that the
	// conversation still holds (it lets go of settled ones, see
	// session.Conversation.Committed). A new item whose key is taken by
	// an older, unrelated row (keys such as "status:T:working" repeat
	// across sessions) is stored under remap; one whose key is taken by
	// a row this recorder inserted (mine) is that row again: a late
	// chunk of an artifact let go of.
	known map[string]bool
	remap map[string]string
	mine  seqSpans
	// streams are the items written while not done, by conversation
	// key: a change that only appends text to one is stored as a tail.
	streams map[string]streamed
}

type recDelta struct {
	id       int64
	next     int64    // the next new item's seq
	inserted []string // keys inserted or found mine again
	seqs     seqSpans // the seqs of the rows inserted
	remap    map[string]string
	streams  map[string]*streamed // nil: no longer streaming
	wrote    int                  // bytes of item content written, to pace the next group
}

func (st *recState) apply(d recDelta) {
	st.id = d.id
	for _, k := range d.inserted {
		st.known[k] = true
	}
	for _, sp := range d.seqs {
		st.mine.addSpan(sp)
	}
	for k, v := range d.remap {
		st.remap[k] = v
	}
	for k, v := range d.streams {
		if v == nil {
			delete(st.streams, k)
		} else {
			st.streams[k] = *v
		}
	}
}

const (
	sqlInsertItem = `INSERT INTO items (context, key, seq, kind, time, task_id, state, text, detail, parts, name, version, done, secret, body, tails, turn)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (context, key) DO NOTHING`
	// An item's time is when it was first added and never changes: a
	// rewrite leaves it, so that a late chunk of an artifact let go of
	// keeps the time of the row it continues.
	sqlRewriteItem = `UPDATE items SET kind = ?, task_id = ?, state = ?, text = ?, detail = ?, parts = ?, name = ?,
		version = ?, done = ?, secret = ?, body = ?, tails = ?, turn = ? WHERE context = ? AND key = ?`
	sqlSeqOfKey   = `SELECT seq FROM items WHERE context = ? AND key = ?`
	sqlStoredText = `SELECT parts, ` + tailColumns + ` FROM items WHERE context = ? AND key = ?`
	sqlUpdateItem = sqlRewriteItem + ` AND version IS NOT ?`
	sqlUpsertTask = `INSERT INTO tasks (context, id, context_id, title, state, status_text, started, updated)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (context, id) DO UPDATE SET
			context_id = CASE WHEN excluded.context_id <> '' THEN excluded.context_id ELSE tasks.context_id END,
			title = CASE WHEN excluded.title <> '' THEN excluded.title ELSE tasks.title END,
			state = excluded.state, status_text = excluded.status_text, updated = excluded.updated
		WHERE tasks.state IS NOT excluded.state OR tasks.status_text IS NOT excluded.status_text
			OR tasks.updated IS NOT excluded.updated
			OR (excluded.title <> '' AND tasks.title IS NOT excluded.title)
			OR (excluded.context_id <> '' AND tasks.context_id IS NOT excluded.context_id)`
	sqlInsertContext = `INSERT INTO contexts (agent_id, agent_name, agent_ref, agent_url, card_url, card, dialect, context_id, created, updated)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`
	// sqlNextSeq is read at every group, so that two processes adding
	// to one context (the TUI and a 'parley send --context') interleave.
	sqlNextSeq        = `SELECT coalesce(max(seq) + 1, 0) FROM items WHERE context = ?`
	sqlLearnContextID = `UPDATE contexts SET context_id = ? WHERE id = ? AND context_id = '' AND ? <> ''`
	sqlTouchContext   = `UPDATE contexts SET updated = ?,
		context_id = CASE WHEN ? <> '' THEN ? ELSE context_id END,
		last_state = CASE WHEN ? <> '' THEN ? ELSE last_state END,
		title = CASE WHEN title = '' THEN ? ELSE title END,
		message_count = message_count + ?
		WHERE id = ?`
)

// writeGroup writes one group in one transaction: the context row (made
// on the first group), then items and tasks. Unchanged items cost a
// failed WHERE, not a write.
func (s *Store) writeGroup(st *recState, g group) (recDelta, error) {
	d := recDelta{id: st.id, remap: map[string]string{}, streams: map[string]*streamed{}}
	err := s.write(context.Background(), func(tx *sql.Tx) error {
		w := groupWriter{s: s, tx: tx, st: st, d: &d, settle: g.settle}
		defer w.close()
		if d.id == 0 {
			res, err := w.execResult(sqlInsertContext,
				string(g.agent.ID), g.agent.Name, withoutCredentials(g.agent.Ref), withoutCredentials(g.agent.URL), withoutCredentials(g.agent.CardURL), g.agent.Card, string(g.agent.Dialect), g.contextID, nanos(g.now), nanos(g.now))
			if err != nil {
				return fmt.Errorf("add the context: %w", err)
			}
			if d.id, err = res.LastInsertId(); err != nil {
				return err
			}
		}
		next, err := w.stmt(sqlNextSeq)
		if err != nil {
			return err
		}
		if err := next.QueryRow(d.id).Scan(&d.next); err != nil {
			return err
		}
		if err := w.items(g.items); err != nil {
			return err
		}
		if err := w.tasks(g.tasks); err != nil {
			return err
		}
		if !w.changed {
			// Nothing new: learn the contextId, but do not move the
			// context up the list for a conversation merely reopened.
			_, err := w.execResult(sqlLearnContextID, g.contextID, d.id, g.contextID)
			return err
		}
		_, err = w.execResult(sqlTouchContext, nanos(g.now), g.contextID, g.contextID, w.lastState, w.lastState, w.title, w.messages, d.id)
		return err
	})
	return d, err
}

// groupWriter writes one group's rows and notes what the context row
// must learn from them.
type groupWriter struct {
	s      *Store
	tx     *sql.Tx
	st     *recState
	d      *recDelta
	settle bool
	// stmts are the store's prepared statements bound to this group's
	// transaction, by query.
	stmts map[string]*sql.Stmt

	changed   bool
	messages  int
	title     string
	lastState string
}

func (w *groupWriter) items(items []session.Item) error {
	for i := range items {
		if err := w.item(&items[i]); err != nil {
			return fmt.Errorf("store item %s: %w", items[i].Key, err)
		}
	}
	return nil
}

// stmt is query's statement in the group's transaction. Statements are
// prepared once per store (Store.prepared), not for every group: a
// stream of thousands of chunks is written in hundreds of groups, and
// preparing their handful of statements (the items' statements compile
// the full-text triggers with them) each time would be a large share of
// the CPU of recording one.
func (w *groupWriter) stmt(query string) (*sql.Stmt, error) {
	if st := w.stmts[query]; st != nil {
		return st, nil
	}
	shared, err := w.s.prepared(query)
	if err != nil {
		return nil, err
	}
	st := w.tx.Stmt(shared)
	if w.stmts == nil {
		w.stmts = map[string]*sql.Stmt{}
	}
	w.stmts[query] = st
	return st, nil
}

// close closes the statements bound to the transaction; the store's
// stay prepared.
func (w *groupWriter) close() {
	for _, st := range w.stmts {
		st.Close()
	}
}

// execResult runs one of the group's statements.
func (w *groupWriter) execResult(query string, args ...any) (sql.Result, error) {
	st, err := w.stmt(query)
	if err != nil {
		return nil, err
	}
	return st.Exec(args...)
}

// exec runs one of the group's statements and returns the rows it
// changed.
func (w *groupWriter) exec(query string, args ...any) (int64, error) {
	st, err := w.stmt(query)
	if err != nil {
		return 0, err
	}
	res, err := st.Exec(args...)
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

func (w *groupWriter) item(it *session.Item) error {
	key := it.Key
	if k, ok := w.st.remap[key]; ok {
		key = k
	} else if k, ok := w.d.remap[key]; ok {
		key = k
	}
	prev, streaming := w.st.streams[it.Key]
	if streaming {
		if ok, err := w.appendTail(key, prev, it); ok || err != nil {
			return err
		}
	}
	if it.Cut > 0 {
		// Held as a window and not written as a tail (more than its
		// text changed, or another parley rewrote the row): its front
		// is read back from the store to write it whole.
		whole, err := w.uncut(key, it)
		if err != nil {
			return err
		}
		it = &whole
	}
	text, detail, parts := it.Text, it.Detail, it.Parts
	if it.Secret {
		// Only the placeholder the transcript shows; never what was typed.
		detail, parts = "", nil
	}
	pj, err := encodeParts(parts)
	if err != nil {
		return err
	}
	// An item still changing is indexed once it settles, or once more
	// text would not change what search sees of it; not at every write
	// (see store_tails.go).
	indexed := it.Done || w.settle || bodyFull(it)
	body := ""
	if indexed {
		body = searchBody(&session.Item{Text: text, Name: it.Name, Parts: parts})
	}
	w.d.wrote += len(text) + len(body)
	if s, ok := pj.(string); ok {
		w.d.wrote += len(s)
	}
	tails := w.tailsFlag(it, indexed)
	turn, err := encodeTurn(it.Turn)
	if err != nil {
		return err
	}
	known := w.st.known[it.Key]
	for attempt := 0; ; attempt++ {
		if known {
			args := []any{it.Kind.String(), it.TaskID, string(it.State), text, detail, pj, it.Name,
				it.Version, it.Done, it.Secret, body, tails, turn, w.d.id, key}
			q := sqlRewriteItem
			if !streaming {
				// Unchanged items cost a failed WHERE, not a write. A
				// row this recorder streamed into is written even at
				// the version it has: to be indexed as it settles.
				q, args = sqlUpdateItem, append(args, it.Version)
			}
			n, err := w.exec(q, args...)
			if err != nil || n == 0 {
				// n == 0: unchanged, and its row and any tails it kept
				// stay as they are.
				return err
			}
			w.changed = true
			return w.wroteWhole(key, it, !streaming || prev.tails > 0, indexed)
		}
		n, err := w.exec(sqlInsertItem, w.d.id, key, w.d.next, it.Kind.String(), nanos(it.Time), it.TaskID, string(it.State), text, detail, pj, it.Name,
			it.Version, it.Done, it.Secret, body, tails, turn)
		if err != nil {
			return err
		}
		if n > 0 {
			w.inserted(it, key, text)
			return w.wroteWhole(key, it, false, indexed)
		}
		if attempt == 0 {
			if known, err = w.mine(key); err != nil {
				return err
			}
			if known {
				// A row this recorder inserted, which the conversation
				// let go of: the item continues it.
				w.d.inserted = append(w.d.inserted, it.Key)
				continue
			}
		}
		// The key belongs to an older item of this context: keep both.
		if attempt > 3 {
			return fmt.Errorf("no free key")
		}
		key = it.Key + "#" + strconv.FormatInt(w.d.next, 10)
		if attempt > 0 {
			key += "." + strconv.Itoa(attempt)
		}
	}
}

// uncut is an item held as a window (session.Item.Cut) made whole again
// with the front of its text as the row under key holds it.
func (w *groupWriter) uncut(key string, it *session.Item) (session.Item, error) {
	st, err := w.stmt(sqlStoredText)
	if err != nil {
		return session.Item{}, err
	}
	var parts, tail sql.NullString
	var version sql.NullInt64
	if err := st.QueryRow(w.d.id, key).Scan(&parts, &tail, &version); err != nil {
		return session.Item{}, fmt.Errorf("read back the front of its text: %w", err)
	}
	var stored session.Item
	if stored.Parts, err = decodeParts(parts); err != nil {
		return session.Item{}, err
	}
	withTail(&stored, tail, version)
	if len(stored.Parts) == 0 || stored.Parts[0].Kind != a2aclient.PartText || len(stored.Parts[0].Text) < it.Cut || len(it.Parts) == 0 {
		return session.Item{}, fmt.Errorf("the store no longer holds the front of its text")
	}
	whole := *it
	whole.Parts = append([]a2aclient.Part{a2aclient.TextPart(stored.Parts[0].Text[:it.Cut] + it.Parts[0].Text)}, it.Parts[1:]...)
	whole.Cut = 0
	return whole, nil
}

// mine reports whether the row under key is one this recorder inserted.
func (w *groupWriter) mine(key string) (bool, error) {
	st, err := w.stmt(sqlSeqOfKey)
	if err != nil {
		return false, err
	}
	var seq int64
	if err := st.QueryRow(w.d.id, key).Scan(&seq); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return false, nil
		}
		return false, err
	}
	return w.st.mine.has(seq) || w.d.seqs.has(seq), nil
}

func (w *groupWriter) inserted(it *session.Item, key, text string) {
	w.changed = true
	w.d.seqs.add(w.d.next)
	w.d.next++
	w.d.inserted = append(w.d.inserted, it.Key)
	if key != it.Key {
		w.d.remap[it.Key] = key
	}
	switch it.Kind {
	case session.ItemUser:
		w.messages++
		if w.title == "" && !it.Secret {
			w.title = session.Title(text)
		}
	case session.ItemAgent:
		w.messages++
		if it.TaskID == "" {
			w.lastState = session.StateMessage
		}
	case session.ItemError:
		w.lastState = "error"
	}
}

func (w *groupWriter) tasks(tasks []session.TaskInfo) error {
	if len(tasks) == 0 {
		return nil
	}
	up, err := w.stmt(sqlUpsertTask)
	if err != nil {
		return err
	}
	var latest time.Time
	for _, t := range tasks {
		res, err := up.Exec(w.d.id, t.ID, t.ContextID, t.Title, string(t.State), t.StatusText, nanos(t.Started), nanos(t.Updated))
		if err != nil {
			return fmt.Errorf("store task %s: %w", t.ID, err)
		}
		if n, _ := res.RowsAffected(); n > 0 {
			w.changed = true
			if !t.Updated.Before(latest) && t.State != "" {
				latest, w.lastState = t.Updated, string(t.State)
			}
		}
	}
	return nil
}

// seqSpans is a set of seqs as sorted, disjoint spans [from, to): the
// rows a recorder inserted, one span unless another parley added to the
// context meanwhile.
type seqSpans []seqSpan

type seqSpan struct{ from, to int64 }

func (s *seqSpans) add(seq int64) { s.addSpan(seqSpan{seq, seq + 1}) }

// addSpan adds sp, which comes after every span in s.
func (s *seqSpans) addSpan(sp seqSpan) {
	if n := len(*s); n > 0 && (*s)[n-1].to == sp.from {
		(*s)[n-1].to = sp.to
		return
	}
	*s = append(*s, sp)
}

func (s seqSpans) has(seq int64) bool {
	i, _ := slices.BinarySearchFunc(s, seq, func(sp seqSpan, seq int64) int {
		switch {
		case sp.to <= seq:
			return -1
		case sp.from > seq:
			return 1
		}
		return 0
	})
	return i < len(s) && s[i].from <= seq && seq < s[i].to
}
