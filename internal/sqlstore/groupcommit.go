package sqlstore

import (
	"context"
	"errors"
	"fmt"
	"runtime/debug"
	"sync"
	"time"

	"wayfinder/internal/apperr"
)

// maxBatch caps how many transactions share one commit, so one commit never holds SQLite's writer
// for long however many are waiting.
const maxBatch = 64

// batchMemberTimeout bounds one transaction of a batch, which runs apart from its caller's
// cancellation (see commitBatch): one that hangs must not hold SQLite's one connection, and every
// write behind it, for ever.
const batchMemberTimeout = 10 * time.Second

// groupCommitter runs the transactions of InTx that arrive together on SQLite inside one database
// transaction, with one flush to disk for all of them (group commit). SQLite has one writer, so
// transactions can only take turns; if every turn were a durable commit of its own, the disk's
// commit rate would cap how many survey saves go through, and saves would queue behind one
// another's flushes. Each transaction of a batch runs in a savepoint of its own, so one that fails
// undoes only itself, and each returns only after its own writes are durable. PostgreSQL needs
// none of this: it runs transactions on many connections at once and already flushes commits that
// arrive together in one go.
//
// The committer runs only while transactions are waiting: the first to arrive starts it, and it
// ends when it finds none left, so an idle store holds no goroutine.
type groupCommitter struct {
	mu      sync.Mutex
	pending []*pendingTx
	running bool
	closed  bool
	wg      sync.WaitGroup
}

// pendingTx is one caller's transaction waiting for its turn. done receives its outcome exactly once.
type pendingTx struct {
	ctx  context.Context
	fn   func(ctx context.Context) error
	done chan error
}

// run queues fn and waits until its writes are durable or it has failed. A caller whose context
// ends while waiting gets its context's error at once; its fn is skipped if its batch has not
// started, and may still be committed if it has, as when an answer is lost on the way back.
func (c *groupCommitter) run(ctx context.Context, db *DB, fn func(ctx context.Context) error) error {
	p := &pendingTx{ctx: ctx, fn: fn, done: make(chan error, 1)}
	c.mu.Lock()
	if c.closed {
		c.mu.Unlock()
		return apperr.Generic(apperr.Unavailable, errors.New("could not write: the store is closed"))
	}
	c.pending = append(c.pending, p)
	if !c.running {
		c.running = true
		c.wg.Add(1)
		go c.loop(db)
	}
	c.mu.Unlock()
	select {
	case err := <-p.done:
		return err
	case <-ctx.Done():
		return classify(ctx.Err(), "write")
	}
}

// loop commits the waiting transactions, batch after batch, until none are left.
func (c *groupCommitter) loop(db *DB) {
	defer c.wg.Done()
	for {
		c.mu.Lock()
		batch := c.pending
		if len(batch) > maxBatch {
			batch = batch[:maxBatch:maxBatch]
			c.pending = append([]*pendingTx(nil), c.pending[maxBatch:]...)
		} else {
			c.pending = nil
		}
		if len(batch) == 0 {
			c.running = false
			c.mu.Unlock()
			return
		}
		c.mu.Unlock()
		commitBatch(db, batch)
	}
}

// commitBatch runs a batch in one transaction and tells each caller its outcome. When the batch
// itself fails (its commit, or a savepoint), each transaction is run again on its own, so one
// caller's trouble never fails another's, and each gets the outcome it would have had alone.
func commitBatch(db *DB, batch []*pendingTx) {
	live := make([]*pendingTx, 0, len(batch))
	for _, p := range batch {
		if err := p.ctx.Err(); err != nil {
			p.done <- classify(err, "write")
			continue
		}
		live = append(live, p)
	}
	switch len(live) {
	case 0:
		return
	case 1:
		// A transaction on its own runs as it would without the committer, under its caller's context.
		p := live[0]
		p.done <- db.runTx(p.ctx, p.fn)
		return
	}
	// The batch belongs to no single caller, so no one caller's cancellation may undo the others.
	outcomes := make([]error, len(live))
	err := db.runTx(context.Background(), func(batchCtx context.Context) error {
		t := db.txOf(batchCtx)
		for i, p := range live {
			ctx, cancel := context.WithTimeout(context.WithoutCancel(p.ctx), batchMemberTimeout)
			var broken bool
			outcomes[i], broken = db.inSavepoint(context.WithValue(ctx, txKey{}, t), t, p.fn)
			cancel()
			if broken {
				return outcomes[i]
			}
		}
		return nil
	})
	if err == nil {
		for i, p := range live {
			p.done <- outcomes[i]
		}
		return
	}
	for _, p := range live {
		p.done <- db.runTx(p.ctx, p.fn)
	}
}

// recovering returns fn with a panic turned into an Internal error, so the transaction around it is
// rolled back. On SQLite the committer runs callers' transactions on its own goroutine, where no
// HTTP server's recovery reaches: a panic in a domain service's transaction must fail that caller,
// not the whole process.
func recovering(fn func(ctx context.Context) error) func(ctx context.Context) error {
	return func(ctx context.Context) (err error) {
		defer func() {
			if r := recover(); r != nil {
				err = apperr.WrapInternalf(fmt.Errorf("panic: %v\n%s", r, debug.Stack()), "could not write")
			}
		}()
		return fn(ctx)
	}
}

// close refuses new transactions and waits for the queued ones to be written.
func (c *groupCommitter) close() {
	c.mu.Lock()
	c.closed = true
	c.mu.Unlock()
	c.wg.Wait()
}
