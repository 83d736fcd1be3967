package store

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"fmt"

	"modernc.org/sqlite"
)

// openWritable opens the pool of connections that write the store. Each
// connection keeps the WAL file when it closes: SQLite otherwise deletes
// it (and its shared memory) after the last connection's checkpoint,
// and the next parley creates both again, syncing the folder. The WAL is
// checkpointed at close all the same, so the database file alone holds
// everything and the WAL kept is truncated to nothing (journal_size_limit
// is set, see dsn): it costs no room between runs.
func openWritable(path string, o Options) (*sql.DB, error) {
	c, err := sqlite.NewConnector(dsn(path, false, o))
	if err != nil {
		return nil, err
	}
	return sql.OpenDB(keepWAL{c}), nil
}

// keepWAL sets SQLITE_FCNTL_PERSIST_WAL on every connection it opens.
type keepWAL struct{ driver.Connector }

func (k keepWAL) Connect(ctx context.Context) (driver.Conn, error) {
	c, err := k.Connector.Connect(ctx)
	if err != nil {
		return nil, err
	}
	fc, ok := c.(sqlite.FileControl)
	if !ok {
		c.Close()
		return nil, fmt.Errorf("the SQLite driver has no file control")
	}
	if _, err := fc.FileControlPersistWAL("main", 1); err != nil {
		c.Close()
		return nil, err
	}
	return c, nil
}
