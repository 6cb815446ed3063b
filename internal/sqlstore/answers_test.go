package sqlstore

import (
	"fmt"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"wayfinder/internal/apperr"
	"wayfinder/internal/onboarding"
	"wayfinder/internal/survey"
)

// sampleAnswers is a one-question submission with one chosen value.
func sampleAnswers(slug, value string) []survey.QuestionAnswers {
	return []survey.QuestionAnswers{{QuestionSlug: slug, Answers: []survey.Answer{{Key: value, Value: value}}}}
}

// sampleUTM is a campaign touch whose values all derive from source.
func sampleUTM(source string) onboarding.UTM {
	return onboarding.UTM{Source: source, Medium: "cpc", Campaign: source + "-spring", AdID: "ad1", AdGroup: "g1",
		Term: "adhd coach", Content: "video", GCLID: "gcl-" + source, Coupon: "WELCOME"}
}

func TestSaveSurvey(t *testing.T) {
	t.Parallel()
	nameAndBirth := []survey.QuestionAnswers{
		{QuestionSlug: "name-and-birth", Answers: []survey.Answer{
			{Key: "firstName", Value: "Ada"}, {Key: "lastName", Value: "Lovelace"},
			{Key: "dateOfBirth", Value: "1990-05-06T00:00:00.000Z"}, {Key: "termsOfService", Value: "true"}, {Key: "device", Value: "iphone"},
		}},
	}
	for _, s := range newTestStores(t) {
		t.Run(s.name, func(t *testing.T) {
			db := s.db
			ann, bob := mustUser(t, db, "ann"), mustUser(t, db, "bob")
			t1, t2, t3 := t0.Add(time.Minute), t0.Add(2*time.Minute), t0.Add(3*time.Minute)
			// Each step is one submission; the checks after the table read the state they leave.
			steps := []struct {
				name     string
				userID   string
				fromSlug string
				data     []survey.QuestionAnswers
				now      time.Time
				wantCode apperr.Code
			}{
				{"first answers", ann.ID, "name-and-birth", nameAndBirth, t0, ""},
				{"the same body again", ann.ID, "name-and-birth", nameAndBirth, t1, ""},
				{"two questions, one of them new", ann.ID, "gender", append(sampleAnswers("gender", "female"), nameAndBirth...), t2, ""},
				{"a changed answer", ann.ID, "gender", sampleAnswers("gender", "non-binary"), t3, ""},
				{"progress only", ann.ID, "motivation", nil, t3, ""},
				{"another member", bob.ID, "gender", sampleAnswers("gender", "male"), t3, ""},
				{"unknown member", "nobody", "gender", sampleAnswers("gender", "male"), t3, apperr.NotFound},
				{"no member", "", "gender", sampleAnswers("gender", "male"), t3, apperr.Invalid},
			}
			for _, tt := range steps {
				err := db.SaveSurvey(ctx, tt.userID, tt.fromSlug, "", tt.data, onboarding.UTM{}, tt.now)
				if code := codeOf(err); code != tt.wantCode {
					t.Fatalf("%s: code = %q, want %q (err %v)", tt.name, code, tt.wantCode, err)
				}
			}

			latest, err := db.SurveyAnswers(ctx, ann.ID)
			if err != nil {
				t.Fatal(err)
			}
			wantLatest := []onboarding.StoredAnswers{
				{QuestionSlug: "gender", Answers: []survey.Answer{{Key: "non-binary", Value: "non-binary"}}, UpdatedAt: t3},
				// Unchanged answers keep the time they were first given.
				{QuestionSlug: "name-and-birth", Answers: nameAndBirth[0].Answers, UpdatedAt: t0},
			}
			if !reflect.DeepEqual(latest, wantLatest) {
				t.Errorf("SurveyAnswers(ann) = %+v, want %+v", latest, wantLatest)
			}

			histories := []struct {
				userID, slug string
				want         []onboarding.StoredAnswers
			}{
				{ann.ID, "name-and-birth", []onboarding.StoredAnswers{{QuestionSlug: "name-and-birth", Answers: nameAndBirth[0].Answers, UpdatedAt: t0}}},
				{ann.ID, "gender", []onboarding.StoredAnswers{
					{QuestionSlug: "gender", Answers: []survey.Answer{{Key: "female", Value: "female"}}, UpdatedAt: t2},
					{QuestionSlug: "gender", Answers: []survey.Answer{{Key: "non-binary", Value: "non-binary"}}, UpdatedAt: t3},
				}},
				{bob.ID, "gender", []onboarding.StoredAnswers{{QuestionSlug: "gender", Answers: []survey.Answer{{Key: "male", Value: "male"}}, UpdatedAt: t3}}},
				{bob.ID, "name-and-birth", []onboarding.StoredAnswers{}},
			}
			for _, tt := range histories {
				got, err := db.AnswerHistory(ctx, tt.userID, tt.slug)
				if err != nil || !reflect.DeepEqual(got, tt.want) {
					t.Errorf("AnswerHistory(%s) = %+v, %v; want %+v", tt.slug, got, err, tt.want)
				}
			}

			events, err := db.ProgressEvents(ctx, ann.ID)
			wantEvents := []onboarding.ProgressEvent{
				{UserID: ann.ID, FromSlug: "name-and-birth", At: t0},
				{UserID: ann.ID, FromSlug: "name-and-birth", At: t1},
				{UserID: ann.ID, FromSlug: "gender", At: t2},
				{UserID: ann.ID, FromSlug: "gender", At: t3},
				{UserID: ann.ID, FromSlug: "motivation", At: t3},
			}
			if err != nil || !reflect.DeepEqual(events, wantEvents) {
				t.Errorf("ProgressEvents(ann) = %+v, %v; want %+v", events, err, wantEvents)
			}

			// Another member's data is not visible through ann's id, and nothing was stored for an
			// unknown member.
			reads := []struct {
				name   string
				userID string
				want   int
			}{
				{"bob's answers", bob.ID, 1},
				{"unknown member's answers", "nobody", 0},
			}
			for _, tt := range reads {
				got, err := db.SurveyAnswers(ctx, tt.userID)
				if err != nil || len(got) != tt.want || got == nil {
					t.Errorf("%s: got %+v, %v; want %d records in a non-nil list", tt.name, got, err, tt.want)
				}
			}
			var unknownRows int
			if err := db.SQL().QueryRow(`SELECT COUNT(*) FROM progress_events WHERE user_id = 'nobody'`).Scan(&unknownRows); err != nil || unknownRows != 0 {
				t.Errorf("progress of the unknown member = %d, %v; want 0", unknownRows, err)
			}
		})
	}
}

func TestSaveSurveyUTM(t *testing.T) {
	t.Parallel()
	for _, s := range newTestStores(t) {
		t.Run(s.name, func(t *testing.T) {
			db := s.db
			u := mustUser(t, db, "utm")
			steps := []struct {
				name string
				utm  onboarding.UTM
				now  time.Time
				want onboarding.UTMRecord
			}{
				{"first touch", sampleUTM("newsletter"), t0,
					onboarding.UTMRecord{First: sampleUTM("newsletter"), Latest: sampleUTM("newsletter"), FirstAt: t0, LatestAt: t0}},
				{"no campaign values change nothing", onboarding.UTM{}, t0.Add(time.Hour),
					onboarding.UTMRecord{First: sampleUTM("newsletter"), Latest: sampleUTM("newsletter"), FirstAt: t0, LatestAt: t0}},
				{"a later touch replaces only the latest", sampleUTM("search"), t0.Add(2 * time.Hour),
					onboarding.UTMRecord{First: sampleUTM("newsletter"), Latest: sampleUTM("search"), FirstAt: t0, LatestAt: t0.Add(2 * time.Hour)}},
				{"a partial touch replaces the whole latest", onboarding.UTM{Coupon: "SPRING"}, t0.Add(3 * time.Hour),
					onboarding.UTMRecord{First: sampleUTM("newsletter"), Latest: onboarding.UTM{Coupon: "SPRING"}, FirstAt: t0, LatestAt: t0.Add(3 * time.Hour)}},
			}
			for _, tt := range steps {
				if err := db.SaveSurvey(ctx, u.ID, "meet-your-coach", "", nil, tt.utm, tt.now); err != nil {
					t.Fatalf("%s: SaveSurvey: %v", tt.name, err)
				}
				got, err := db.UTMRecord(ctx, u.ID)
				if err != nil || !reflect.DeepEqual(got, tt.want) {
					t.Errorf("%s: UTMRecord = %+v, %v; want %+v", tt.name, got, err, tt.want)
				}
			}

			other := mustUser(t, db, "no-utm")
			if err := db.SaveSurvey(ctx, other.ID, "gender", "", nil, onboarding.UTM{}, t0); err != nil {
				t.Fatal(err)
			}
			if _, err := db.UTMRecord(ctx, other.ID); codeOf(err) != apperr.NotFound {
				t.Errorf("UTMRecord of a member without campaign values: err = %v, want NotFound", err)
			}
		})
	}
}

func TestSaveSurveyOneSubmission(t *testing.T) {
	t.Parallel()
	for _, s := range newTestStores(t) {
		t.Run(s.name, func(t *testing.T) {
			db := s.db
			u := mustUser(t, db, "together")
			// Answers to two questions, a progress event and campaign values all in one save.
			data := append(sampleAnswers("gender", "female"), sampleAnswers("motivation", "learn-more")...)
			if err := db.SaveSurvey(ctx, u.ID, "motivation", "", data, sampleUTM("search"), t0); err != nil {
				t.Fatalf("SaveSurvey: %v", err)
			}
			// A question named twice, which only the store accepts (the API refuses it), is taken one
			// answer after the other: the last one stands, and the history holds both.
			repeated := append(sampleAnswers("gender", "male"), sampleAnswers("gender", "non-binary")...)
			t1 := t0.Add(time.Minute)
			if err := db.SaveSurvey(ctx, u.ID, "gender", "", repeated, onboarding.UTM{}, t1); err != nil {
				t.Fatalf("SaveSurvey with a repeated question: %v", err)
			}

			latest, err := db.SurveyAnswers(ctx, u.ID)
			wantLatest := []onboarding.StoredAnswers{
				{QuestionSlug: "gender", Answers: []survey.Answer{{Key: "non-binary", Value: "non-binary"}}, UpdatedAt: t1},
				{QuestionSlug: "motivation", Answers: []survey.Answer{{Key: "learn-more", Value: "learn-more"}}, UpdatedAt: t0},
			}
			if err != nil || !reflect.DeepEqual(latest, wantLatest) {
				t.Errorf("SurveyAnswers = %+v, %v; want %+v", latest, err, wantLatest)
			}
			history, err := db.AnswerHistory(ctx, u.ID, "gender")
			wantHistory := []onboarding.StoredAnswers{
				{QuestionSlug: "gender", Answers: []survey.Answer{{Key: "female", Value: "female"}}, UpdatedAt: t0},
				{QuestionSlug: "gender", Answers: []survey.Answer{{Key: "male", Value: "male"}}, UpdatedAt: t1},
				{QuestionSlug: "gender", Answers: []survey.Answer{{Key: "non-binary", Value: "non-binary"}}, UpdatedAt: t1},
			}
			if err != nil || !reflect.DeepEqual(history, wantHistory) {
				t.Errorf("AnswerHistory(gender) = %+v, %v; want %+v", history, err, wantHistory)
			}
			events, err := db.ProgressEvents(ctx, u.ID)
			wantEvents := []onboarding.ProgressEvent{{UserID: u.ID, FromSlug: "motivation", At: t0}, {UserID: u.ID, FromSlug: "gender", At: t1}}
			if err != nil || !reflect.DeepEqual(events, wantEvents) {
				t.Errorf("ProgressEvents = %+v, %v; want %+v", events, err, wantEvents)
			}
			utm, err := db.UTMRecord(ctx, u.ID)
			wantUTM := onboarding.UTMRecord{First: sampleUTM("search"), Latest: sampleUTM("search"), FirstAt: t0, LatestAt: t0}
			if err != nil || !reflect.DeepEqual(utm, wantUTM) {
				t.Errorf("UTMRecord = %+v, %v; want %+v", utm, err, wantUTM)
			}
		})
	}
}

func TestSaveSurveyConcurrent(t *testing.T) {
	t.Parallel()
	for _, s := range newTestStores(t) {
		t.Run(s.name, func(t *testing.T) {
			db := s.db
			// Many members save at once, as they do on a busy day, and a few saves are for members
			// that do not exist. Each save must get its own outcome whatever it was written with.
			const members = 24
			ids := make([]string, members)
			for i := range ids {
				if i%6 == 5 {
					ids[i] = fmt.Sprintf("nobody-%d", i)
					continue
				}
				ids[i] = mustUser(t, db, fmt.Sprintf("busy-%d", i)).ID
			}
			errs := make([]error, members)
			var wg sync.WaitGroup
			for i, id := range ids {
				wg.Go(func() {
					errs[i] = db.SaveSurvey(ctx, id, "gender", "", sampleAnswers("gender", fmt.Sprintf("answer-%d", i)), onboarding.UTM{}, t0)
				})
			}
			wg.Wait()
			for i, id := range ids {
				unknown := strings.HasPrefix(id, "nobody")
				wantCode := apperr.Code("")
				if unknown {
					wantCode = apperr.NotFound
				}
				if code := codeOf(errs[i]); code != wantCode {
					t.Errorf("save %d: code = %q, want %q (err %v)", i, code, wantCode, errs[i])
					continue
				}
				got, err := db.SurveyAnswers(ctx, id)
				want := []onboarding.StoredAnswers{{QuestionSlug: "gender", Answers: []survey.Answer{{Key: fmt.Sprintf("answer-%d", i), Value: fmt.Sprintf("answer-%d", i)}}, UpdatedAt: t0}}
				if unknown {
					want = []onboarding.StoredAnswers{}
				}
				if err != nil || !reflect.DeepEqual(got, want) {
					t.Errorf("save %d: SurveyAnswers = %+v, %v; want %+v", i, got, err, want)
				}
			}
		})
	}
}
