package store

import (
	"context"
	"database/sql"
	"fmt"
)

// applicationID marks the file as parley's ("PRLY"), so that another
// program's SQLite database at the same path is never taken for ours.
const applicationID = 0x50524c59

// migrations bring the schema from version i to i+1; the schema version
// is SQLite's user_version. Append new steps, never edit old ones: a
// file at version n has run exactly the first n.
var migrations = []string{
	// 1: contexts, their items (upserted by key) and tasks, with full-text
	// search over the items' searchable text.
	`
CREATE TABLE contexts (
	id            INTEGER PRIMARY KEY,
	agent_name    TEXT    NOT NULL DEFAULT '',
	agent_ref     TEXT    NOT NULL DEFAULT '', -- config name or URL, as the user named it
	agent_url     TEXT    NOT NULL DEFAULT '', -- the endpoint used
	card_url      TEXT    NOT NULL DEFAULT '',
	card          BLOB,                        -- the agent card as served
	dialect       TEXT    NOT NULL DEFAULT '',
	context_id    TEXT    NOT NULL DEFAULT '', -- the agent's contextId
	title         TEXT    NOT NULL DEFAULT '', -- the first user message
	name          TEXT    NOT NULL DEFAULT '', -- a name the user gave
	created       INTEGER NOT NULL,            -- Unix nanoseconds
	updated       INTEGER NOT NULL,
	last_state    TEXT    NOT NULL DEFAULT '',
	message_count INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX contexts_by_updated ON contexts(updated DESC, id DESC);
CREATE INDEX contexts_by_agent ON contexts(agent_ref, updated DESC);
CREATE INDEX contexts_by_context_id ON contexts(context_id);

CREATE TABLE items (
	context INTEGER NOT NULL REFERENCES contexts(id) ON DELETE CASCADE,
	key     TEXT    NOT NULL,
	seq     INTEGER NOT NULL,
	kind    TEXT    NOT NULL,
	time    INTEGER NOT NULL,
	task_id TEXT    NOT NULL DEFAULT '',
	state   TEXT    NOT NULL DEFAULT '',
	text    TEXT    NOT NULL DEFAULT '',
	detail  TEXT    NOT NULL DEFAULT '',
	parts   TEXT,                          -- JSON array of PartJSON
	name    TEXT    NOT NULL DEFAULT '',
	version INTEGER NOT NULL DEFAULT 0,
	done    INTEGER NOT NULL DEFAULT 0,
	secret  INTEGER NOT NULL DEFAULT 0,
	body    TEXT    NOT NULL DEFAULT '',   -- what search sees: text, text parts, names, data
	UNIQUE (context, key)
);
CREATE INDEX items_by_seq ON items(context, seq);

CREATE VIRTUAL TABLE items_fts USING fts5(
	body, content='items', content_rowid='rowid', tokenize='unicode61 remove_diacritics 2', prefix='2 3'
);
CREATE TRIGGER items_fts_insert AFTER INSERT ON items BEGIN
	INSERT INTO items_fts(rowid, body) VALUES (new.rowid, new.body);
END;
CREATE TRIGGER items_fts_delete AFTER DELETE ON items BEGIN
	INSERT INTO items_fts(items_fts, rowid, body) VALUES ('delete', old.rowid, old.body);
END;
CREATE TRIGGER items_fts_update AFTER UPDATE OF body ON items WHEN old.body IS NOT new.body BEGIN
	INSERT INTO items_fts(items_fts, rowid, body) VALUES ('delete', old.rowid, old.body);
	INSERT INTO items_fts(rowid, body) VALUES (new.rowid, new.body);
END;

CREATE TABLE tasks (
	context     INTEGER NOT NULL REFERENCES contexts(id) ON DELETE CASCADE,
	id          TEXT    NOT NULL,
	context_id  TEXT    NOT NULL DEFAULT '',
	title       TEXT    NOT NULL DEFAULT '',
	state       TEXT    NOT NULL DEFAULT '',
	status_text TEXT    NOT NULL DEFAULT '',
	started     INTEGER NOT NULL,
	updated     INTEGER NOT NULL,
	PRIMARY KEY (context, id)
);
CREATE INDEX tasks_open ON tasks(updated)
	WHERE state NOT IN ('completed', 'failed', 'canceled', 'rejected');
`,
	// 2: an item still streaming grows by the text appended to its last
	// part, one row per group, rather than by rewriting (and re-indexing)
	// the whole item at every group. Readers join the tails to their
	// item; once it settles its row takes the whole text back and search
	// indexes it (see store_tails.go). Tails exist only while done = 0.
	`
CREATE TABLE item_tails (
	context INTEGER NOT NULL REFERENCES contexts(id) ON DELETE CASCADE,
	key     TEXT    NOT NULL,
	n       INTEGER NOT NULL, -- the order they were appended in
	version INTEGER NOT NULL, -- the item's version with this text
	text    TEXT    NOT NULL, -- appended to the item's last part, a text part
	UNIQUE (context, key, n)
);
`,
	// 3: an item that settles may keep its tails rather than be written
	// whole a second time (see store_tails.go), so done no longer says
	// whether tails follow a row: tails does, and readers look for tails
	// only where it says so. 0: none; 1: tails follow; 2: tails may
	// follow and search has not seen the item yet; the few rows at 2 are
	// indexed, for Open to find what a killed parley left. A version
	// 2 file has tails only under items not yet indexed as a whole.
	`
ALTER TABLE items ADD COLUMN tails INTEGER NOT NULL DEFAULT 0;
UPDATE items SET tails = 2 WHERE EXISTS (SELECT 1 FROM item_tails t WHERE t.context = items.context AND t.key = items.key);
CREATE INDEX items_unindexed ON items(context) WHERE tails = 2;
`,
	// 4: search without prefix indexes. They slow down indexing an answer
	// and make the index much larger, for prefix queries (the last word
	// typed) only a little faster; FTS5 answers those from the main index
	// all the same. The index is built again from the bodies; the
	// triggers name the table and stay.
	`
DROP TABLE items_fts;
CREATE VIRTUAL TABLE items_fts USING fts5(
	body, content='items', content_rowid='rowid', tokenize='unicode61 remove_diacritics 2'
);
INSERT INTO items_fts(items_fts) VALUES ('rebuild');
`,
	// 5: agents parley has talked to, by the URL of their card: the
	// endpoint and dialect that answered, so the next time goes straight
	// to them (see store_agents.go).
	`
CREATE TABLE agents_known (
	card_url TEXT    PRIMARY KEY,
	endpoint TEXT    NOT NULL DEFAULT '',
	dialect  TEXT    NOT NULL DEFAULT '',
	updated  INTEGER NOT NULL
);
`,
	// 6: push-notification configs parley registered with agents, so
	// that its receiver (in whichever parley process runs it) knows each
	// push's task and checks its token, and tasks by id, to find the
	// context a push belongs to (see store_push.go). Only a hash of the
	// token is kept: the file never holds what would forge a push.
	`
CREATE TABLE push_configs (
	config_id  TEXT    PRIMARY KEY,
	task_id    TEXT    NOT NULL,
	agent_ref  TEXT    NOT NULL DEFAULT '',
	dialect    TEXT    NOT NULL DEFAULT '',
	url        TEXT    NOT NULL DEFAULT '', -- the address announced to the agent
	token_hash BLOB    NOT NULL,            -- SHA-256 of the token
	created    INTEGER NOT NULL,
	received   INTEGER NOT NULL DEFAULT 0,  -- notifications accepted
	last_seen  INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX push_configs_by_task ON push_configs(task_id);
CREATE INDEX tasks_by_id ON tasks(id);
`,
	// 7: the agent's identity (a2aclient.AgentID) on every context and
	// push route, the key every id the agent chose is looked up with
	// (see store_identity.go, which fills it in for older rows).
	`
ALTER TABLE contexts ADD COLUMN agent_id TEXT NOT NULL DEFAULT '';
ALTER TABLE push_configs ADD COLUMN agent_id TEXT NOT NULL DEFAULT '';
ALTER TABLE push_configs ADD COLUMN agent_config_id TEXT NOT NULL DEFAULT ''; -- the id the agent answered with, when not parley's
DROP INDEX contexts_by_context_id;
CREATE INDEX contexts_by_agent_context ON contexts(agent_id, context_id);
`,
	// 8: how each turn went, on the user's message that started it: its
	// timings and the trace id its requests carried, as
	// jsonout.TurnJSON (see turns.go). NULL on older rows and on items
	// that are not a user's message.
	`
ALTER TABLE items ADD COLUMN turn TEXT;
`,
	// 9: compare sets: the contexts sent one message together in the
	// TUI's compare mode, a column each, so the set reopens as columns
	// (see compare_set.go). A set is parley's own number; key is what
	// the TUI named it by while recording. A context is in one set at
	// most and leaves it when deleted.
	`
CREATE TABLE compare_sets (
	id      INTEGER PRIMARY KEY,
	key     TEXT    NOT NULL UNIQUE,
	created INTEGER NOT NULL
);
CREATE TABLE compare_members (
	set_id   INTEGER NOT NULL REFERENCES compare_sets(id) ON DELETE CASCADE,
	context  INTEGER NOT NULL UNIQUE REFERENCES contexts(id) ON DELETE CASCADE,
	position INTEGER NOT NULL -- the column, from 0
);
CREATE INDEX compare_members_by_set ON compare_members(set_id, position);
`,
}

// afterMigration runs, in the migration's transaction, what a step
// needs of Go after its SQL: keyed by the version the step makes.
var afterMigration = map[int]func(*sql.Tx) error{
	7: fillAgentIDs,
}

// schemaVersion is the newest schema this parley knows.
var schemaVersion = len(migrations)

// migrate runs the steps the file has not run yet, all in one
// transaction with the version bump (which holds the write lock from its
// start, so parleys opening a new file together take turns and each
// finds the steps the one before ran), so a crash mid-way leaves a file at
// a version it really has, and a new file's pages are written once, not
// once per step. WAL mode is set first: it is a property of the file,
// kept across opens.
func (s *Store) migrate(from int) error {
	if err := s.setWAL(); err != nil {
		return err
	}
	if from >= schemaVersion {
		return nil
	}
	return s.write(context.Background(), func(tx *sql.Tx) error {
		// Another parley started at the same moment may have set the
		// file up while this one waited for the write lock (from was
		// read before it): start from the version the file has now.
		var now int
		if err := tx.QueryRow("PRAGMA user_version").Scan(&now); err != nil {
			return err
		}
		if now > schemaVersion {
			return &NewerSchemaError{Path: s.path, Version: now, KnownVersion: schemaVersion}
		}
		if now == schemaVersion {
			return nil
		}
		for v := now; v < schemaVersion; v++ {
			if _, err := tx.Exec(migrations[v]); err != nil {
				return fmt.Errorf("schema version %d: %w", v+1, err)
			}
			if after := afterMigration[v+1]; after != nil {
				if err := after(tx); err != nil {
					return fmt.Errorf("schema version %d: %w", v+1, err)
				}
			}
		}
		_, err := tx.Exec(fmt.Sprintf("PRAGMA user_version = %d; PRAGMA application_id = %d", schemaVersion, applicationID))
		return err
	})
}
