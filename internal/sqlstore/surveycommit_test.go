package sqlstore

import (
	"context"
	"reflect"
	"testing"

	"wayfinder/internal/apperr"
	"wayfinder/internal/onboarding"
	"wayfinder/internal/survey"
)

func TestCommitSurveyBatch(t *testing.T) {
	t.Parallel()
	for _, s := range newTestStores(t) {
		t.Run(s.name, func(t *testing.T) {
			db := s.db
			ann, bob := mustUser(t, db, "batch-ann"), mustUser(t, db, "batch-bob")
			st, err := db.surveyStatements(ctx)
			if err != nil {
				t.Fatal(err)
			}
			cancelled, cancel := context.WithCancel(ctx)
			cancel()
			save := func(ctx context.Context, userID, value string) *pendingSave {
				return &pendingSave{ctx: ctx, done: make(chan error, 1), save: surveySave{
					userID: userID, fromSlug: "gender", now: t0,
					rows: []encodedAnswers{{"gender", `[{"key":"` + value + `","value":""}]`}},
				}}
			}
			// One batch: two good saves around one for a member who does not exist, and one whose
			// request has gone away.
			batch := []*pendingSave{
				save(ctx, ann.ID, "female"),
				save(ctx, "nobody", "male"),
				save(cancelled, bob.ID, "male"),
				save(ctx, bob.ID, "non-binary"),
			}
			commitSurveyBatch(db, st, batch)
			tests := []struct {
				name     string
				userID   string
				wantCode apperr.Code
				want     []onboarding.StoredAnswers
			}{
				{"good save before the failing one", ann.ID, "", []onboarding.StoredAnswers{
					{QuestionSlug: "gender", Answers: []survey.Answer{{Key: "female"}}, UpdatedAt: t0}}},
				{"unknown member", "nobody", apperr.NotFound, []onboarding.StoredAnswers{}},
				{"cancelled request", bob.ID, apperr.Unavailable, nil},
				{"good save after the failing one", bob.ID, "", []onboarding.StoredAnswers{
					{QuestionSlug: "gender", Answers: []survey.Answer{{Key: "non-binary"}}, UpdatedAt: t0}}},
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
	if err := db.SaveSurvey(ctx, u.ID, "gender", sampleAnswers("gender", "female"), onboarding.UTM{}, t0); err != nil {
		t.Fatalf("SaveSurvey before Close: %v", err)
	}
	db.Close()
	if err := db.SaveSurvey(ctx, u.ID, "gender", sampleAnswers("gender", "male"), onboarding.UTM{}, t0); codeOf(err) != apperr.Unavailable {
		t.Errorf("SaveSurvey after Close: err = %v, want Unavailable", err)
	}
}
