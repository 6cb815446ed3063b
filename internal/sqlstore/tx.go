package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"strconv"
	"sync"

	"wayfinder/internal/apperr"
)

// querier is what a pool and a transaction have in common.
type querier interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

type txKey struct{}

// txState is the transaction a context carries: InTx and BeginTxContext put it there, and every
// method of the store runs its statements in it (see conn).
type txState struct {
	db *DB
	tx *sql.Tx

	mu        sync.Mutex
	savepoint int      // savepoints open inside the transaction, to name the next one
	broken    bool     // a savepoint could not be undone: the transaction must not commit
	unready   []string // queries prepared for this transaction only, to prepare for good after it
}

// txOf returns the transaction of this store that ctx carries, or nil.
func (s *DB) txOf(ctx context.Context) *txState {
	if t, ok := ctx.Value(txKey{}).(*txState); ok && t.db == s {
		return t
	}
	return nil
}

// conn returns what runs a statement for ctx: the transaction ctx carries, else the pool. Every
// method of the store queries through it, so it joins a transaction its caller started. On SQLite
// that is also what keeps it from waiting forever for the pool's one connection, which the
// transaction holds.
func (s *DB) conn(ctx context.Context) querier {
	if t := s.txOf(ctx); t != nil {
		return t.tx
	}
	return s.db
}

// InTx runs fn in one transaction, for a domain service whose write takes several store calls:
// every call fn makes with the context it is given is part of the transaction, and they all commit
// together when fn returns nil, or none of them when it returns an error. InTx inside InTx runs
// the inner fn in a savepoint of the outer transaction, so an inner failure undoes the inner calls
// only.
//
// Two rules follow from the transaction living in the context. A store call inside fn must be made
// with fn's context, or it runs outside the transaction (and on SQLite waits for the transaction's
// connection until its context ends). And fn may run more than once, because on SQLite a batch of
// transactions that fails is run again one by one (see groupCommitter): fn must do nothing but
// call the store and set its own results.
func (s *DB) InTx(ctx context.Context, fn func(ctx context.Context) error) error {
	fn = recovering(fn)
	if t := s.txOf(ctx); t != nil {
		err, broken := s.inSavepoint(ctx, t, fn)
		if broken {
			t.mu.Lock()
			t.broken = true
			t.mu.Unlock()
		}
		return err
	}
	if s.dialect == DialectSQLite {
		return s.writes.run(ctx, s, fn)
	}
	return s.runTx(ctx, fn)
}

// runTx runs fn in a transaction of its own.
func (s *DB) runTx(ctx context.Context, fn func(ctx context.Context) error) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return classify(err, "start a transaction")
	}
	t := &txState{db: s, tx: tx}
	if err := fn(context.WithValue(ctx, txKey{}, t)); err != nil {
		tx.Rollback()
		return err
	}
	return s.commit(ctx, t)
}

// commit commits t, unless a savepoint in it could not be undone: then the writes that should have
// been undone are in it, and the whole transaction is rolled back instead.
func (s *DB) commit(ctx context.Context, t *txState) error {
	t.mu.Lock()
	broken := t.broken
	t.mu.Unlock()
	if broken {
		t.tx.Rollback()
		return apperr.Internalf("could not commit a transaction: a failed part of it could not be undone")
	}
	if err := t.tx.Commit(); err != nil {
		return classify(err, "commit a transaction")
	}
	s.prepareUnready(ctx, t)
	return nil
}

// inSavepoint runs fn inside the transaction t, undoing fn's writes alone when it fails. On
// PostgreSQL that is also what keeps a failed statement from aborting the whole transaction.
// broken reports that a savepoint statement itself failed, after which t cannot go on.
func (s *DB) inSavepoint(ctx context.Context, t *txState, fn func(ctx context.Context) error) (err error, broken bool) {
	t.mu.Lock()
	t.savepoint++
	name := "s" + strconv.Itoa(t.savepoint)
	t.mu.Unlock()
	if _, err := t.tx.ExecContext(ctx, "SAVEPOINT "+name); err != nil {
		return classify(err, "start a savepoint"), true
	}
	// Undoing must happen even when fn failed because its context ended.
	undo := context.WithoutCancel(ctx)
	if err := fn(ctx); err != nil {
		if _, rerr := t.tx.ExecContext(undo, "ROLLBACK TO SAVEPOINT "+name); rerr != nil {
			return errors.Join(err, classify(rerr, "roll back a savepoint")), true
		}
		if _, rerr := t.tx.ExecContext(undo, "RELEASE SAVEPOINT "+name); rerr != nil {
			return errors.Join(err, classify(rerr, "release a savepoint")), true
		}
		return err, false
	}
	if _, err := t.tx.ExecContext(undo, "RELEASE SAVEPOINT "+name); err != nil {
		return classify(err, "release a savepoint"), true
	}
	return nil, false
}

// stmt returns query's prepared statement for ctx. Hot paths use it where SQLite would otherwise
// parse the same text on every call: the store prepares each query once and reuses it, inside
// transactions too. A query first met inside a transaction cannot be prepared on the pool then (on
// SQLite the transaction holds the one connection), so it is prepared for that transaction alone
// and for good once the transaction ends.
func (s *DB) stmt(ctx context.Context, query string) (*sql.Stmt, error) {
	t := s.txOf(ctx)
	if st, ok := s.stmts.Load(query); ok {
		if t != nil {
			return t.tx.StmtContext(ctx, st.(*sql.Stmt)), nil
		}
		return st.(*sql.Stmt), nil
	}
	if t != nil {
		t.mu.Lock()
		t.unready = append(t.unready, query)
		t.mu.Unlock()
		return t.tx.PrepareContext(ctx, query)
	}
	return s.prepare(ctx, query)
}

// execStmt runs a prepared statement that returns no rows; what names the work for its error.
func (s *DB) execStmt(ctx context.Context, query, what string, args ...any) error {
	st, err := s.stmt(ctx, query)
	if err != nil {
		return classify(err, what)
	}
	_, err = st.ExecContext(ctx, args...)
	return classify(err, what)
}

// prepare prepares query on the pool and keeps it, or returns the one another call kept first.
func (s *DB) prepare(ctx context.Context, query string) (*sql.Stmt, error) {
	st, err := s.db.PrepareContext(ctx, query)
	if err != nil {
		return nil, err
	}
	if prev, loaded := s.stmts.LoadOrStore(query, st); loaded {
		st.Close()
		return prev.(*sql.Stmt), nil
	}
	return st, nil
}

// prepareUnready prepares for good the queries a finished transaction met first. A failure only
// means the next transaction prepares them for itself again.
func (s *DB) prepareUnready(ctx context.Context, t *txState) {
	for _, q := range t.unready {
		if _, ok := s.stmts.Load(q); !ok {
			_, _ = s.prepare(context.WithoutCancel(ctx), q)
		}
	}
}

// BeginTxContext starts a transaction and returns a context carrying it: the store's methods
// called with that context run inside it until CommitTxContext or RollbackTxContext. The identity
// provider's library brackets its multi-row writes (issuing and rotating tokens) this way; the
// domain services use InTx.
func (s *DB) BeginTxContext(ctx context.Context) (context.Context, error) {
	if s.txOf(ctx) != nil {
		return ctx, apperr.Internalf("a transaction is already open in this context")
	}
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return ctx, classify(err, "start a transaction")
	}
	return context.WithValue(ctx, txKey{}, &txState{db: s, tx: tx}), nil
}

// CommitTxContext commits the transaction of ctx.
func (s *DB) CommitTxContext(ctx context.Context) error {
	t := s.txOf(ctx)
	if t == nil {
		return apperr.Internalf("no transaction is open in this context")
	}
	return s.commit(ctx, t)
}

// RollbackTxContext rolls back the transaction of ctx. Rolling back one that has ended already is
// not an error, so error paths may call it without tracking whether a commit happened.
func (s *DB) RollbackTxContext(ctx context.Context) error {
	t := s.txOf(ctx)
	if t == nil {
		return apperr.Internalf("no transaction is open in this context")
	}
	if err := t.tx.Rollback(); err != nil && !errors.Is(err, sql.ErrTxDone) {
		return classify(err, "roll back a transaction")
	}
	return nil
}

// placeholders returns n numbered placeholders from $first, comma-separated, for an IN list.
func placeholders(first, n int) string {
	b := make([]byte, 0, n*4)
	for i := range n {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, '$')
		b = strconv.AppendInt(b, int64(first+i), 10)
	}
	return string(b)
}
