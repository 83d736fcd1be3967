package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/session"
)

// ErrNoContext means no stored context has the id asked for.
var ErrNoContext = errors.New("no such context")

const contextColumns = `id, agent_id, agent_name, agent_ref, agent_url, card_url, dialect, context_id, title, name, created, updated, last_state, message_count`

type scanner interface{ Scan(...any) error }

func scanContext(row scanner) (session.ContextInfo, error) {
	var c session.ContextInfo
	var dialect, agent string
	var created, updated int64
	err := row.Scan(&c.ID, &agent, &c.Agent.Name, &c.Agent.Ref, &c.Agent.URL, &c.Agent.CardURL, &dialect, &c.ContextID,
		&c.Title, &c.Name, &created, &updated, &c.LastState, &c.Messages)
	c.Agent.ID, c.Agent.Dialect = a2aclient.AgentID(agent), a2aclient.Dialect(dialect)
	c.Created, c.Updated = fromNanos(created), fromNanos(updated)
	return c, err
}

// ListContexts lists stored contexts, most recently active first. agent,
// if not empty, keeps those with that agent (by the reference the user
// named it by, its card name or its endpoint URL); filter, if not empty,
// keeps those whose title or name contains it, ignoring case.
func (s *Store) ListContexts(agent, filter string) ([]session.ContextInfo, error) {
	q := `SELECT ` + contextColumns + ` FROM contexts WHERE 1`
	var args []any
	if agent != "" {
		q += ` AND (agent_ref = ? OR agent_name = ? OR agent_url = ?)`
		args = append(args, agent, agent, agent)
	}
	if filter = strings.TrimSpace(filter); filter != "" {
		like := "%" + strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(filter) + "%"
		q += ` AND (title LIKE ? ESCAPE '\' OR name LIKE ? ESCAPE '\')`
		args = append(args, like, like)
	}
	q += ` ORDER BY updated DESC, id DESC`
	return queryAll(s, "list contexts", scanContext, q, args...)
}

// AgentContexts lists the stored contexts with one agent, most recent
// first: those recorded under one of its identities (ids), or under one
// of names as the user named it, as its card is named, or as the
// endpoint parley used. An empty id or name matches nothing.
func (s *Store) AgentContexts(ids []a2aclient.AgentID, names []string) ([]session.ContextInfo, error) {
	var or []string
	var args []any
	for _, id := range ids {
		if id != "" {
			or = append(or, `agent_id = ?`)
			args = append(args, string(id))
		}
	}
	for _, n := range names {
		if n != "" {
			or = append(or, `agent_ref = ? OR agent_name = ? OR agent_url = ?`)
			args = append(args, n, n, n)
		}
	}
	if len(or) == 0 {
		return nil, nil
	}
	q := `SELECT ` + contextColumns + ` FROM contexts WHERE ` + strings.Join(or, ` OR `) + ` ORDER BY updated DESC, id DESC`
	return queryAll(s, "list an agent's contexts", scanContext, q, args...)
}

// Context returns one stored context, its card included.
func (s *Store) Context(id int64) (session.ContextInfo, error) {
	row := s.db.QueryRow(`SELECT `+contextColumns+`, card FROM contexts WHERE id = ?`, id)
	var c session.ContextInfo
	var card []byte
	var dialect, agent string
	var created, updated int64
	err := row.Scan(&c.ID, &agent, &c.Agent.Name, &c.Agent.Ref, &c.Agent.URL, &c.Agent.CardURL, &dialect, &c.ContextID,
		&c.Title, &c.Name, &created, &updated, &c.LastState, &c.Messages, &card)
	if errors.Is(err, sql.ErrNoRows) {
		return c, fmt.Errorf("%w %d", ErrNoContext, id)
	}
	if err != nil {
		return c, s.wrap(fmt.Errorf("read context %d: %w", id, err))
	}
	c.Agent.ID, c.Agent.Dialect, c.Agent.Card = a2aclient.AgentID(agent), a2aclient.Dialect(dialect), card
	c.Created, c.Updated = fromNanos(created), fromNanos(updated)
	return c, nil
}

const itemColumns = `key, seq, kind, time, task_id, state, text, detail, parts, name, version, done, secret, turn, ` + tailColumns

// itemScanner reads rows of itemColumns, after any lead columns, into
// destinations made once: a long context is read without allocating
// anything per row beyond the values themselves.
type itemScanner struct {
	it          session.Item
	kind, state string
	time        int64
	parts, tail sql.NullString
	turn        sql.NullString
	tailVersion sql.NullInt64
	dest        []any
}

func newItemScanner(lead ...any) *itemScanner {
	s := &itemScanner{}
	it := &s.it
	s.dest = append(lead, &it.Key, &it.Seq, &s.kind, &s.time, &it.TaskID, &s.state, &it.Text, &it.Detail, &s.parts, &it.Name,
		&it.Version, &it.Done, &it.Secret, &s.turn, &s.tail, &s.tailVersion)
	return s
}

func (s *itemScanner) scan(row scanner) (session.Item, error) {
	s.it = session.Item{}
	if err := row.Scan(s.dest...); err != nil {
		return session.Item{}, err
	}
	it := s.it
	it.Kind, it.State, it.Time = session.ParseItemKind(s.kind), a2aclient.State(s.state), fromNanos(s.time)
	var err error
	if it.Parts, err = decodeParts(s.parts); err != nil {
		return session.Item{}, fmt.Errorf("item %s: %w", it.Key, err)
	}
	if it.Turn, err = decodeTurn(s.turn); err != nil {
		return session.Item{}, fmt.Errorf("item %s: %w", it.Key, err)
	}
	withTail(&it, s.tail, s.tailVersion)
	return it, nil
}

// queryItems reads items; size is how many to expect, so a long context
// is read into one slice rather than grown a dozen times over (an Item
// is a large struct, and a long context holds thousands).
func (s *Store) queryItems(size int, q string, args ...any) ([]session.Item, error) {
	rows, err := s.queryItemRows(q, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := make([]session.Item, 0, size)
	sc := newItemScanner()
	for rows.Next() {
		it, err := sc.scan(rows)
		if err != nil {
			return nil, s.wrap(err)
		}
		if it.Emptied() {
			continue // an ended preview: nothing to show
		}
		out = append(out, it)
	}
	return out, s.wrap(rows.Err())
}

// queryItemRows runs the item query q through its prepared statement.
func (s *Store) queryItemRows(q string, args ...any) (*sql.Rows, error) {
	st, err := s.prepared(q)
	if err != nil {
		return nil, s.wrap(fmt.Errorf("read items: %w", err))
	}
	rows, err := st.Query(args...)
	if err != nil {
		return nil, s.wrap(fmt.Errorf("read items: %w", err))
	}
	return rows, nil
}

// prepared returns the statement for q, prepared once per store:
// preparing the items' query, with the subqueries that join an unsettled
// item's tails, cost as much as reading a page of 100 items.
func (s *Store) prepared(q string) (*sql.Stmt, error) {
	if st, ok := s.reads.Load(q); ok {
		return st.(*sql.Stmt), nil
	}
	st, err := s.db.Prepare(q)
	if err != nil {
		return nil, err
	}
	if prev, loaded := s.reads.LoadOrStore(q, st); loaded {
		st.Close()
		return prev.(*sql.Stmt), nil
	}
	return st, nil
}

// LoadTail returns the last n items of a context, oldest first: the
// first screen of a long transcript, each long artifact as its end (see
// windowText). n <= 0 returns every item whole.
func (s *Store) LoadTail(id int64, n int) ([]session.Item, error) {
	if n <= 0 {
		total, err := s.CountItems(id)
		if err != nil {
			return nil, err
		}
		return s.queryItems(total, `SELECT `+itemColumns+` FROM items WHERE context = ? ORDER BY seq, rowid`, id)
	}
	items, err := s.queryWindow(id, min(n, 4096), `SELECT `+windowColumns+` FROM items WHERE context = ? ORDER BY seq DESC, rowid DESC LIMIT ?`, id, n)
	reverseItems(items)
	return items, err
}

// LoadBefore returns up to n items that come before the item at seq,
// oldest first: the page above what is shown, when scrolling back.
func (s *Store) LoadBefore(id int64, seq, n int) ([]session.Item, error) {
	items, err := s.queryWindow(id, max(min(n, seq, 4096), 0), `SELECT `+windowColumns+` FROM items WHERE context = ? AND seq < ? ORDER BY seq DESC, rowid DESC LIMIT ?`, id, seq, n)
	reverseItems(items)
	return items, err
}

// LoadAfter returns up to n items that come after the item at seq,
// oldest first: the page below what is shown, when scrolling down a
// transcript read in windows. seq -1 reads from the first item.
func (s *Store) LoadAfter(id int64, seq, n int) ([]session.Item, error) {
	return s.queryWindow(id, max(min(n, 4096), 0), `SELECT `+windowColumns+` FROM items WHERE context = ? AND seq > ? ORDER BY seq, rowid LIMIT ?`, id, seq, n)
}

// LoadAround returns up to n items around the item with key, oldest
// first, and where that item is among them: half a window before it
// (fewer near the start), the rest from it on. A search hit opens a long
// transcript there.
func (s *Store) LoadAround(id int64, key string, n int) ([]session.Item, int, error) {
	var seq int
	err := s.db.QueryRow(`SELECT seq FROM items WHERE context = ? AND key = ?`, id, key).Scan(&seq)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, 0, fmt.Errorf("context %d holds no item %q", id, key)
	}
	if err != nil {
		return nil, 0, s.wrap(fmt.Errorf("find item %q: %w", key, err))
	}
	before, err := s.LoadBefore(id, seq, n/2)
	if err != nil {
		return nil, 0, err
	}
	rest, err := s.queryWindow(id, n-len(before), `SELECT `+windowColumns+` FROM items WHERE context = ? AND seq >= ? ORDER BY seq, rowid LIMIT ?`, id, seq, n-len(before))
	if err != nil {
		return nil, 0, err
	}
	return append(before, rest...), len(before), nil
}

// FirstOfTask returns the key of a task's first item in a context: where
// opening the task from a list shows a long transcript.
func (s *Store) FirstOfTask(id int64, taskID string) (string, error) {
	var key string
	err := s.db.QueryRow(`SELECT key FROM items WHERE context = ? AND task_id = ? ORDER BY seq, rowid LIMIT 1`, id, taskID).Scan(&key)
	if errors.Is(err, sql.ErrNoRows) {
		return "", fmt.Errorf("context %d holds no item of task %s", id, taskID)
	}
	return key, s.wrap(err)
}

// CountItems returns how many items a context has.
func (s *Store) CountItems(id int64) (int, error) {
	var n int
	err := s.db.QueryRow(`SELECT count(*) FROM items WHERE context = ?`, id).Scan(&n)
	return n, s.wrap(err)
}

func reverseItems(items []session.Item) {
	for i, j := 0, len(items)-1; i < j; i, j = i+1, j-1 {
		items[i], items[j] = items[j], items[i]
	}
}

// Tasks returns a context's tasks, newest first, as Conversation.Tasks
// does.
func (s *Store) Tasks(id int64) ([]session.TaskInfo, error) {
	return s.queryTasks(`SELECT id, context_id, title, state, status_text, started, updated FROM tasks WHERE context = ? ORDER BY started DESC, rowid DESC`, id)
}

func (s *Store) queryTasks(q string, args ...any) ([]session.TaskInfo, error) {
	return queryAll(s, "read tasks", func(row scanner) (session.TaskInfo, error) {
		var t session.TaskInfo
		var state string
		var started, updated int64
		err := row.Scan(&t.ID, &t.ContextID, &t.Title, &state, &t.StatusText, &started, &updated)
		t.State, t.Started, t.Updated = a2aclient.State(state), fromNanos(started), fromNanos(updated)
		return t, err
	}, q, args...)
}

// queryAll runs q and collects what scan reads of every row, as each of
// the store's lists does: a failed query is the store's error naming
// what was being read, and a row that does not scan ends the list.
func queryAll[T any](s *Store, what string, scan func(scanner) (T, error), q string, args ...any) ([]T, error) {
	rows, err := s.db.Query(q, args...)
	if err != nil {
		return nil, s.wrap(fmt.Errorf("%s: %w", what, err))
	}
	defer rows.Close()
	var out []T
	for rows.Next() {
		v, err := scan(rows)
		if err != nil {
			return nil, s.wrap(err)
		}
		out = append(out, v)
	}
	return out, s.wrap(rows.Err())
}

// OpenContext loads a context to show it: its last tail items, each long
// artifact as its end (every item whole when tail <= 0), its tasks and
// its agent.
func (s *Store) OpenContext(id int64, tail int) (*session.OpenedContext, error) {
	info, err := s.Context(id)
	if err != nil {
		return nil, err
	}
	oc := &session.OpenedContext{Info: info}
	if oc.Items, err = s.LoadTail(id, tail); err != nil {
		return nil, err
	}
	if oc.Total, err = s.CountItems(id); err != nil {
		return nil, err
	}
	if oc.Tasks, err = s.Tasks(id); err != nil {
		return nil, err
	}
	return oc, nil
}

// PendingTask is a stored task that had not reached a terminal state
// when parley last saw it.
type PendingTask struct {
	Context session.ContextInfo
	Task    session.TaskInfo
}

// Waiting reports whether the task waits for the user (input or
// credentials) rather than running.
func (p PendingTask) Waiting() bool { return p.Task.State.Interrupted() }

// PendingTasks lists tasks not in a terminal state, oldest first: those
// still running on their agent when parley stopped, and those waiting
// for the user. A task whose agent said it does not know it any more
// (state unknown) has nothing left to follow and is not listed.
func (s *Store) PendingTasks() ([]PendingTask, error) {
	type ref struct {
		ctx int64
		id  string
	}
	refs, err := queryAll(s, "list pending tasks", func(row scanner) (ref, error) {
		var r ref
		err := row.Scan(&r.ctx, &r.id)
		return r, err
	}, `SELECT t.context, t.id FROM tasks t
		WHERE t.state NOT IN ('completed', 'failed', 'canceled', 'rejected', 'unknown') ORDER BY t.updated, t.rowid`)
	if err != nil {
		return nil, err
	}
	var out []PendingTask
	contexts := map[int64]session.ContextInfo{}
	for _, r := range refs {
		info, ok := contexts[r.ctx]
		if !ok {
			if info, err = s.Context(r.ctx); err != nil {
				return nil, err
			}
			info.Agent.Card = nil
			contexts[r.ctx] = info
		}
		tasks, err := s.queryTasks(`SELECT id, context_id, title, state, status_text, started, updated FROM tasks WHERE context = ? AND id = ?`, r.ctx, r.id)
		if err != nil {
			return nil, err
		}
		if len(tasks) == 1 {
			out = append(out, PendingTask{Context: info, Task: tasks[0]})
		}
	}
	return out, nil
}

// Rename gives a context a name, shown instead of its first message; an
// empty name goes back to the first message.
func (s *Store) Rename(id int64, name string) error {
	return s.onContext(id, `UPDATE contexts SET name = ? WHERE id = ?`, session.Title(name), id)
}

// Delete removes a context with its items and tasks.
func (s *Store) Delete(id int64) error {
	return s.onContext(id, `DELETE FROM contexts WHERE id = ?`, id)
}

// onContext runs query, a change to context id's row, and says
// ErrNoContext when there is no such row.
func (s *Store) onContext(id int64, query string, args ...any) error {
	return s.write(context.Background(), func(tx *sql.Tx) error {
		res, err := tx.Exec(query, args...)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return fmt.Errorf("%w %d", ErrNoContext, id)
		}
		return nil
	})
}

// ContextByNumber returns the stored context parley numbered ref.
func (s *Store) ContextByNumber(ref string) (session.ContextInfo, error) {
	id, err := session.ParseStoreNumber(ref)
	if err != nil {
		return session.ContextInfo{}, err
	}
	return s.Context(id)
}
