package onboarding_test

import (
	"bufio"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"wayfinder/internal/account"
	"wayfinder/internal/apperr"
	"wayfinder/internal/onboarding"
	"wayfinder/internal/sqlstore"
	"wayfinder/internal/sqlstore/sqltest"
	"wayfinder/internal/survey"
	"wayfinder/internal/survey/surveytest"
)

// crashSaverEnv makes the test binary a saver process for TestSaveSurvivesAKill instead of running
// the tests: it saves name-and-birth with changing names, one save after another, until it is killed.
const crashSaverEnv = "WAYFINDER_TEST_CRASH_SAVER"

func TestMain(m *testing.M) {
	if dsn := os.Getenv(crashSaverEnv); dsn != "" {
		if err := saveUntilKilled(dsn, os.Getenv(crashSaverEnv+"_USER")); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// openStore opens and migrates the store of dsn.
func openStore(dsn string) (*sqlstore.DB, error) {
	db, err := sqlstore.Open(context.Background(), dsn)
	if err != nil {
		return nil, err
	}
	if err := db.Migrate(context.Background()); err != nil {
		db.Close()
		return nil, err
	}
	return db, nil
}

// saveUntilKilled saves the member's name again and again through the real service and store,
// printing a line after each save so the test knows saves are under way.
func saveUntilKilled(dsn, userID string) error {
	db, err := openStore(dsn)
	if err != nil {
		return err
	}
	def, err := survey.Load()
	if err != nil {
		return err
	}
	svc := onboarding.NewService(db, def, time.Now)
	out := bufio.NewWriter(os.Stdout)
	for i := 0; ; i++ {
		answers := surveytest.NameAndBirth(surveytest.DateOfBirth)
		answers[0].Value = fmt.Sprintf("Sam%d", i)
		data := []survey.QuestionAnswers{{QuestionSlug: survey.SlugNameAndBirth, Answers: answers}}
		if err := svc.Save(context.Background(), userID, survey.SlugNameAndBirth, data, onboarding.UTM{}); err != nil {
			return err
		}
		fmt.Fprintln(out, i)
		out.Flush()
	}
}

// storeWithMember opens the store of dsn, closed when the test ends, with one member in it.
func storeWithMember(t *testing.T, dsn string) (*sqlstore.DB, string) {
	t.Helper()
	db, err := openStore(dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	u, err := db.CreateUser(context.Background(), account.User{Subject: "saver"})
	if err != nil {
		t.Fatal(err)
	}
	return db, u.ID
}

// storedNames returns the first name the member's answers hold and the one their profile holds.
func storedNames(t *testing.T, db *sqlstore.DB, userID string) (answered, profile string) {
	t.Helper()
	// One statement, so one snapshot: a killed process's last commit may still be finishing on the
	// server, and two reads could see either side of it.
	var answers sql.NullString
	err := db.SQL().QueryRowContext(context.Background(), `
		SELECT u.first_name, a.answers
		FROM users u LEFT JOIN survey_answers a ON a.user_id = u.id AND a.question_slug = 'name-and-birth'
		WHERE u.id = $1`, userID).Scan(&profile, &answers)
	if err != nil {
		t.Fatal(err)
	}
	var given []survey.Answer
	if answers.Valid {
		if err := json.Unmarshal([]byte(answers.String), &given); err != nil {
			t.Fatal(err)
		}
	}
	for _, a := range given {
		if a.Key == survey.KeyFirstName {
			answered = a.Value
		}
	}
	return answered, profile
}

// TestSaveSurvivesAKill kills a process that saves a member's name over and over (SIGKILL, at a
// random moment, so between any two statements of a save sooner or later), then checks on each
// database that the stored answers and the profile name the same person: a save commits all of
// itself or nothing.
func TestSaveSurvivesAKill(t *testing.T) {
	t.Parallel()
	const cycles = 15
	for _, d := range sqltest.Databases(t) {
		t.Run(d.Dialect, func(t *testing.T) {
			db, userID := storeWithMember(t, d.DSN)
			saves := 0
			for cycle := range cycles {
				n := runAndKill(t, d.DSN, userID, 5+rand.IntN(40))
				saves += n
				answered, profile := storedNames(t, db, userID)
				if answered == "" || answered != profile {
					t.Fatalf("cycle %d, after %d saves: the answers say %q and the profile %q", cycle, n, answered, profile)
				}
			}
			t.Logf("%d kills after %d saves in all: answers and profile agreed every time", cycles, saves)
		})
	}
}

// runAndKill starts a saver for the member, lets it finish at least after saves, kills it a random
// moment later and returns how many saves it reported.
func runAndKill(t *testing.T, dsn, userID string, after int) int {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), crashSaverEnv+"="+dsn, crashSaverEnv+"_USER="+userID)
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	lines := bufio.NewScanner(stdout)
	n := 0
	deadline := time.Now().Add(30 * time.Second)
	for n < after && lines.Scan() {
		n++
		if time.Now().After(deadline) {
			break
		}
	}
	time.Sleep(time.Duration(rand.IntN(3000)) * time.Microsecond)
	if err := cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	for lines.Scan() {
		n++
	}
	_ = cmd.Wait()
	if n < after {
		t.Fatalf("the saver stopped after %d saves: %s", n, stderr.String())
	}
	return n
}

// failingProfile is the store with the profile update failing, as when the process dies or the
// database breaks between a save's statements.
type failingProfile struct{ *sqlstore.DB }

func (failingProfile) UpdateUserProfile(context.Context, string, string, string, *time.Time, string) (account.User, error) {
	return account.User{}, apperr.Generic(apperr.Unavailable, errors.New("the database went away"))
}

// TestSaveIsOneTransaction injects a failure between the answers and the profile of a save, on
// each database: the answers written before it are undone, so answers and profile still agree.
func TestSaveIsOneTransaction(t *testing.T) {
	t.Parallel()
	def, err := survey.Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range sqltest.Databases(t) {
		t.Run(d.Dialect, func(t *testing.T) {
			db, userID := storeWithMember(t, d.DSN)
			save := func(store onboarding.Store, first string) error {
				answers := surveytest.NameAndBirth(surveytest.DateOfBirth)
				answers[0].Value = first
				data := []survey.QuestionAnswers{{QuestionSlug: survey.SlugNameAndBirth, Answers: answers}}
				return onboarding.NewService(store, def, time.Now).Save(context.Background(), userID, survey.SlugNameAndBirth, data, onboarding.UTM{})
			}
			if err := save(db, "Ann"); err != nil {
				t.Fatal(err)
			}
			if err := save(failingProfile{db}, "Bea"); apperr.CodeOf(err) != apperr.Unavailable {
				t.Fatalf("the save with a failing profile update = %v, want its error", err)
			}
			if answered, profile := storedNames(t, db, userID); answered != "Ann" || profile != "Ann" {
				t.Errorf("after the failed save: answers %q, profile %q; want both still Ann", answered, profile)
			}
			history, err := db.AnswerHistory(context.Background(), userID, survey.SlugNameAndBirth)
			if err != nil || len(history) != 1 {
				t.Errorf("history = %d states, %v; want only Ann's", len(history), err)
			}
		})
	}
}
