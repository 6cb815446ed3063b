package sqlstore

import (
	"context"
	"database/sql"
	"sync"

	"wayfinder/internal/apperr"
)

// maxSurveyBatch caps how many saves share one transaction, so one commit never holds SQLite's
// writer for long however many saves are waiting.
const maxSurveyBatch = 64

// surveyCommitter writes the survey saves that arrive together on SQLite in one transaction, with
// one flush to disk for all of them (group commit). SQLite has one writer, so saves can only take
// turns; if every turn were a durable commit of its own, the disk's commit rate would cap how many
// saves go through, and saves would queue behind one another's flushes. Every save still returns
// only after its own data is durable. PostgreSQL needs none of this: it runs saves on many
// connections at once and already flushes commits that arrive together in one go.
//
// The committer runs only while saves are waiting: the first save to arrive starts it, and it ends
// when it finds none left, so an idle store holds no goroutine.
type surveyCommitter struct {
	mu      sync.Mutex
	pending []*pendingSave
	running bool
	closed  bool
	wg      sync.WaitGroup
}

// pendingSave is one request's save waiting for its turn. done receives its outcome exactly once.
type pendingSave struct {
	ctx  context.Context
	save surveySave
	done chan error
}

// save queues sv and waits until it is durably stored or has failed. A request that is cancelled
// while waiting gets its context's error at once; its save is skipped if its batch has not started,
// and may still be stored if it has, as when an answer is lost on the way back.
func (c *surveyCommitter) save(ctx context.Context, db *DB, st surveyStmts, sv surveySave) error {
	p := &pendingSave{ctx: ctx, save: sv, done: make(chan error, 1)}
	c.mu.Lock()
	if c.closed {
		c.mu.Unlock()
		return apperr.E(apperr.Unavailable, "could not save the survey: the store is closed")
	}
	c.pending = append(c.pending, p)
	if !c.running {
		c.running = true
		c.wg.Add(1)
		go c.run(db, st)
	}
	c.mu.Unlock()
	select {
	case err := <-p.done:
		return err
	case <-ctx.Done():
		return classify(ctx.Err(), "save the survey")
	}
}

// run commits the waiting saves, batch after batch, until none are left.
func (c *surveyCommitter) run(db *DB, st surveyStmts) {
	defer c.wg.Done()
	for {
		c.mu.Lock()
		batch := c.pending
		if len(batch) > maxSurveyBatch {
			batch = batch[:maxSurveyBatch:maxSurveyBatch]
			c.pending = append([]*pendingSave(nil), c.pending[maxSurveyBatch:]...)
		} else {
			c.pending = nil
		}
		if len(batch) == 0 {
			c.running = false
			c.mu.Unlock()
			return
		}
		c.mu.Unlock()
		commitSurveyBatch(db, st, batch)
	}
}

// commitSurveyBatch writes a batch in one transaction and tells each save its outcome. When the
// batch fails, each save is written again in its own transaction, so one member's failing save (a
// deleted account, say) never fails another's, and each gets the outcome it would have had alone.
func commitSurveyBatch(db *DB, st surveyStmts, batch []*pendingSave) {
	live := make([]*pendingSave, 0, len(batch))
	for _, p := range batch {
		if err := p.ctx.Err(); err != nil {
			p.done <- classify(err, "save the survey")
			continue
		}
		live = append(live, p)
	}
	switch len(live) {
	case 0:
		return
	case 1:
		// A save on its own is written as it always was, under its request's context.
		p := live[0]
		p.done <- db.inTx(p.ctx, func(tx *sql.Tx) error { return st.write(p.ctx, tx, p.save) })
		return
	}
	// The batch belongs to no single request, so no one request's cancellation may undo the others.
	ctx := context.Background()
	err := db.inTx(ctx, func(tx *sql.Tx) error {
		for _, p := range live {
			if err := st.write(ctx, tx, p.save); err != nil {
				return err
			}
		}
		return nil
	})
	if err == nil {
		for _, p := range live {
			p.done <- nil
		}
		return
	}
	for _, p := range live {
		p.done <- db.inTx(p.ctx, func(tx *sql.Tx) error { return st.write(p.ctx, tx, p.save) })
	}
}

// close refuses new saves and waits for the queued ones to be written.
func (c *surveyCommitter) close() {
	c.mu.Lock()
	c.closed = true
	c.mu.Unlock()
	c.wg.Wait()
}
