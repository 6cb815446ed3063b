package sqlstore

import (
	"context"
	"errors"
	"reflect"
	"testing"

	"wayfinder/internal/apperr"
	"wayfinder/internal/onboarding"
	"wayfinder/internal/survey"
)

// TestCommitBatch runs one batch of transactions as the group committer does under load: each in a
// savepoint of the batch's one transaction, so a failing one undoes only itself.
func TestCommitBatch(t *testing.T) {
	t.Parallel()
	for _, s := range newTestStores(t) {
		t.Run(s.name, func(t *testing.T) {
			db := s.db
			ann, bob, cy := mustUser(t, db, "batch-ann"), mustUser(t, db, "batch-bob"), mustUser(t, db, "batch-cy")
			cancelled, cancel := context.WithCancel(ctx)
			cancel()
			save := func(userID, value string) func(context.Context) error {
				return func(ctx context.Context) error {
					return db.SaveSurvey(ctx, userID, "gender", "", sampleAnswers("gender", value), onboarding.UTM{}, t0)
				}
			}
			refused := apperr.Generic(apperr.Conflict, errors.New("refused after writing"))
			pending := func(ctx context.Context, fn func(context.Context) error) *pendingTx {
				return &pendingTx{ctx: ctx, fn: fn, done: make(chan error, 1)}
			}
			// One batch: good saves around one for a member who does not exist, one whose caller has
			// gone away, and one that writes and then fails.
			batch := []*pendingTx{
				pending(ctx, save(ann.ID, "female")),
				pending(ctx, save("nobody", "male")),
				pending(cancelled, save(bob.ID, "male")),
				pending(ctx, func(ctx context.Context) error {
					if err := save(cy.ID, "male")(ctx); err != nil {
						return err
					}
					return refused
				}),
				pending(ctx, save(bob.ID, "non-binary")),
			}
			commitBatch(db, batch)
			tests := []struct {
				name     string
				userID   string
				wantCode apperr.Code
				want     []onboarding.StoredAnswers
			}{
				{"good save before the failing one", ann.ID, "", []onboarding.StoredAnswers{
					{QuestionSlug: "gender", Answers: []survey.Answer{{Key: "female", Value: "female"}}, UpdatedAt: t0}}},
				{"unknown member", "nobody", apperr.NotFound, []onboarding.StoredAnswers{}},
				{"cancelled caller", bob.ID, apperr.Unavailable, nil},
				{"a failure after writing undoes the writes", cy.ID, apperr.Conflict, []onboarding.StoredAnswers{}},
				{"good save after the failing one", bob.ID, "", []onboarding.StoredAnswers{
					{QuestionSlug: "gender", Answers: []survey.Answer{{Key: "non-binary", Value: "non-binary"}}, UpdatedAt: t0}}},
			}
			for i, tt := range tests {
				var err error
				select {
				case err = <-batch[i].done:
				default:
					t.Fatalf("%s: no outcome", tt.name)
				}
				if code := codeOf(err); code != tt.wantCode {
					t.Errorf("%s: code = %q, want %q (err %v)", tt.name, code, tt.wantCode, err)
				}
				if tt.want == nil {
					continue
				}
				got, err := db.SurveyAnswers(ctx, tt.userID)
				if err != nil || !reflect.DeepEqual(got, tt.want) {
					t.Errorf("%s: SurveyAnswers = %+v, %v; want %+v", tt.name, got, err, tt.want)
				}
			}
			// The cancelled save was skipped, not written: bob's history has only the later answer.
			history, err := db.AnswerHistory(ctx, bob.ID, "gender")
			if err != nil || len(history) != 1 {
				t.Errorf("AnswerHistory(bob) = %+v, %v; want only the non-binary answer", history, err)
			}
		})
	}
}

func TestSaveSurveyAfterClose(t *testing.T) {
	t.Parallel()
	db, err := Open(ctx, t.TempDir()+"/closed.db")
	if err != nil {
		t.Fatal(err)
	}
	if err := db.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	u := mustUser(t, db, "closing")
	if err := db.SaveSurvey(ctx, u.ID, "gender", "", sampleAnswers("gender", "female"), onboarding.UTM{}, t0); err != nil {
		t.Fatalf("SaveSurvey before Close: %v", err)
	}
	db.Close()
	if err := db.SaveSurvey(ctx, u.ID, "gender", "", sampleAnswers("gender", "male"), onboarding.UTM{}, t0); codeOf(err) != apperr.Unavailable {
		t.Errorf("SaveSurvey after Close: err = %v, want Unavailable", err)
	}
}
