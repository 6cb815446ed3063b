package sqlstore

import (
	"fmt"
	"runtime"
	"sync/atomic"
	"testing"
	"time"

	"wayfinder/internal/account"
	"wayfinder/internal/onboarding"
	"wayfinder/internal/survey"
)

// The benchmarks give the two numbers the performance budget compares: how many one-row commits per
// second the database on this disk can do at all, and how many survey saves per second the store does
// on the same database. Each runs on SQLite, and on PostgreSQL when WAYFINDER_TEST_DATABASE_URL is set.
// The Parallel variants run benchParallelism writers per GOMAXPROCS, as concurrent requests would.
// The survey benchmarks send no campaign values, as most saves do: the app sends them once.
//
//	go test -run '^$' -bench . -benchtime 3s ./internal/sqlstore/

// benchParallelism is the number of writers per GOMAXPROCS in the Parallel variants.
const benchParallelism = 4

func BenchmarkRawCommit(b *testing.B)          { benchRawCommit(b, false) }
func BenchmarkRawCommitParallel(b *testing.B)  { benchRawCommit(b, true) }
func BenchmarkSaveSurvey(b *testing.B)         { benchSaveSurvey(b, false) }
func BenchmarkSaveSurveyParallel(b *testing.B) { benchSaveSurvey(b, true) }

// benchRawCommit inserts one small row per operation, each its own durable commit: the floor cost of
// a write on this database and disk.
func benchRawCommit(b *testing.B, parallel bool) {
	for _, s := range newTestStores(b) {
		db := s.db.SQL()
		if _, err := db.Exec(`CREATE TABLE bench_commits (id bigint PRIMARY KEY, payload text NOT NULL)`); err != nil {
			b.Fatal(err)
		}
		var next atomic.Int64
		b.Run(s.name, func(b *testing.B) {
			insert := func() {
				if _, err := db.Exec(`INSERT INTO bench_commits (id, payload) VALUES ($1, $2)`, next.Add(1), "x"); err != nil {
					b.Error(err) // Error, not Fatal: this may run on a RunParallel goroutine.
				}
			}
			b.ResetTimer()
			if parallel {
				b.SetParallelism(benchParallelism)
				b.RunParallel(func(pb *testing.PB) {
					for pb.Next() {
						insert()
					}
				})
			} else {
				for b.Loop() {
					insert()
				}
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "commits/s")
		})
	}
}

// benchSaveSurvey saves the name-and-birth step with a new answer each time, the expensive case: the
// latest answers change, and a history row and a progress event are added. Every goroutine is its own
// member, as concurrent requests would be.
func benchSaveSurvey(b *testing.B, parallel bool) {
	for _, s := range newTestStores(b) {
		db := s.db
		// Members are created before the clock starts, enough for one per goroutine.
		members := make([]string, benchParallelism*runtime.GOMAXPROCS(0))
		for i := range members {
			u, err := db.CreateUser(ctx, account.User{Subject: fmt.Sprintf("bench-%d", i)})
			if err != nil {
				b.Fatal(err)
			}
			members[i] = u.ID
		}
		var nextMember, nextAnswer atomic.Int64
		b.Run(s.name, func(b *testing.B) {
			save := func(userID string) {
				i := nextAnswer.Add(1)
				data := []survey.QuestionAnswers{{QuestionSlug: "name-and-birth", Answers: []survey.Answer{
					{Key: "firstName", Value: fmt.Sprintf("Ada %d", i)}, {Key: "lastName", Value: "Lovelace"},
					{Key: "dateOfBirth", Value: "1990-05-06T00:00:00.000Z"}, {Key: "termsOfService", Value: "true"},
					{Key: "device", Value: "iphone"},
				}}}
				if err := db.SaveSurvey(ctx, userID, "name-and-birth", "", data, onboarding.UTM{}, time.Now()); err != nil {
					b.Error(err) // Error, not Fatal: this may run on a RunParallel goroutine.
				}
			}
			if parallel {
				b.ResetTimer()
				b.SetParallelism(benchParallelism)
				b.RunParallel(func(pb *testing.PB) {
					userID := members[int(nextMember.Add(1)-1)%len(members)]
					for pb.Next() {
						save(userID)
					}
				})
			} else {
				for b.Loop() {
					save(members[0])
				}
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "saves/s")
		})
	}
}
