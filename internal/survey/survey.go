// Package survey holds the guided onboarding survey as data: its steps and answer options, the rules
// that decide whether a member's answers are valid, the way from one step to the next, and the ASRS
// v1.1 Part A screening score. The definition is embedded in the binary and is the one source of
// truth for the app and the API, so the client never decides alone what is valid. Its words come from
// the app's message catalog, one file per language, and are merged in when it loads.
//
// The package is pure: it owns the answer types and the rules over them, and imports no other
// domain package, so every other package can build on it.
package survey

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"slices"
	"sync"

	"wayfinder/web"
)

// QuestionType says how a step is shown and what its answers look like.
type QuestionType string

// The step types of the survey definition.
const (
	Progress     QuestionType = "Progress"     // a group's opening screen with the progress header
	Custom       QuestionType = "Custom"       // a screen with its own form (name-and-birth, live-state, ...)
	SelectOne    QuestionType = "SelectOne"    // pick exactly one option
	SelectMany   QuestionType = "SelectMany"   // pick one or more options, up to Max when set
	ResponseView QuestionType = "ResponseView" // a screen to read, with no answer
	Rate         QuestionType = "Rate"         // pick one point of a scale
)

// Slugs the code itself depends on. They are a contract with the iOS app and stored data, so they
// keep the spelling of the specification.
const (
	SlugNameAndBirth   = "name-and-birth"
	SlugIOSOnly        = "ios-only"
	SlugLiveState      = "live-state"
	SlugNoGo           = "we-are-sorry-no-go"
	SlugHowYouIdentify = "how-you-identify"
	SlugAccount        = "account"
	SlugChallenges     = "your-challenge-is"
	SlugHelpNeeded     = "what-help-need"
	SlugManageADHD     = "how-manage-adhd"
	SlugMeetYourCoach  = "meet-your-coach"
	// SlugDone is the journey's last step: the member has a coach and is handed over to the app.
	SlugDone = "thank-you-page"
)

// Answer keys of name-and-birth, as the app sends them.
const (
	KeyFirstName      = "firstName"
	KeyLastName       = "lastName"
	KeyDateOfBirth    = "dateOfBirth"
	KeyTermsOfService = "termsOfService"
	KeyDevice         = "device"
)

// Answer keys of account, the contact details a member confirms before meeting coaches.
const (
	KeyEmail    = "email"
	KeyPhone    = "phone"
	KeyTimeZone = "timeZone"
)

// TimeZones are the time zones a member can choose on the account step: the service is for people
// in the United States, and these are the zones its 50 states and DC keep.
var TimeZones = []string{
	"America/New_York", "America/Chicago", "America/Denver", "America/Phoenix",
	"America/Los_Angeles", "America/Anchorage", "Pacific/Honolulu",
}

// Definition is the whole survey as served to the app.
type Definition struct {
	Title         string               `json:"title"`
	FirstQuestion string               `json:"firstQuestion"`
	Groups        []Group              `json:"groups"`
	Questions     map[string]*Question `json:"questions"`

	// flow is the main path in order, from the first step along nextStep. It is derived at load
	// time rather than stored, so nextStep stays the only place the order is written.
	flow []string
}

// Group is one part of the survey; the progress header shows the named groups.
type Group struct {
	ID    int    `json:"id"`
	Key   string `json:"key"`
	Title string `json:"title"`
}

// Question is one step of the survey. Title and Text may hold {firstName}, {brand} and, on the score
// screen, {score}; the app substitutes them.
type Question struct {
	Slug           string          `json:"slug"`
	Type           QuestionType    `json:"type"`
	GroupID        int             `json:"groupId"`
	GroupTitle     string          `json:"groupTitle"`
	PrevStep       string          `json:"prevStep"`
	NextStep       string          `json:"nextStep"`
	Required       bool            `json:"required"`
	Max            int             `json:"max,omitempty"`
	Illustration   string          `json:"illustration,omitempty"`
	Title          string          `json:"title"`
	Text           []string        `json:"text,omitempty"`
	PaymentText    []string        `json:"paymentText,omitempty"` // the text instead, when payment is on: copy promises only steps that come
	NextLabel      string          `json:"nextLabel,omitempty"`
	Feedback       string          `json:"feedback,omitempty"`    // shown on the score screen for a high likelihood only
	Attribution    string          `json:"attribution,omitempty"` // the source of a standard questionnaire item
	AnswerVariants []AnswerVariant `json:"answerVariants,omitempty"`
}

// AnswerVariant is one option of a question. Key is the contract; Value is the visible label. Text,
// when set, is the prompt of a free-text field that comes with the option ("Something else").
// BranchTo, when set, is the step that choosing the option leads to instead of nextStep. Exclusive
// marks the option of a SelectMany question that can only be chosen alone ("None of these").
// TimeZone is set on live-state's options only: the zone most of that state's people live in, which
// the account step starts from and coach matching compares.
type AnswerVariant struct {
	Key       string `json:"key"`
	Value     string `json:"value"`
	Text      string `json:"text,omitempty"`
	BranchTo  string `json:"branchTo,omitempty"`
	Exclusive bool   `json:"exclusive,omitempty"`
	TimeZone  string `json:"timeZone,omitempty"`
}

// Variant returns the option with the given key.
func (q *Question) Variant(key string) (AnswerVariant, bool) {
	for _, v := range q.AnswerVariants {
		if v.Key == key {
			return v, true
		}
	}
	return AnswerVariant{}, false
}

// Question returns the step with the given slug, or nil when there is none.
func (d *Definition) Question(slug string) *Question {
	return d.Questions[slug]
}

// Flow returns the main path of the survey in order, without the steps only a branch leads to.
func (d *Definition) Flow() []string {
	return slices.Clone(d.flow)
}

// FlowRank returns a function that ranks a step by its place on the main path, 1 for the first, so
// lists of steps can be sorted as the survey asks them. A step only a branch leads to, or one the
// survey no longer has, ranks after every step of the main path.
func (d *Definition) FlowRank() func(slug string) int {
	order := make(map[string]int, len(d.flow))
	for i, slug := range d.flow {
		order[slug] = i + 1
	}
	return func(slug string) int {
		if i, ok := order[slug]; ok {
			return i
		}
		return len(order) + 1
	}
}

// definitionJSON is the survey's structure: its steps, their order, branches, rules and answer
// keys. Its words are in the app's message catalog (see definitionCopy).
//
//go:embed definition.json
var definitionJSON []byte

// load parses the embedded definition with its words in the default language once: it never
// changes while the binary runs, and every request validates against it.
var load = sync.OnceValues(func() (*Definition, error) {
	words, err := web.SurveyCopy(DefaultLanguage)
	if err != nil {
		return nil, err
	}
	return parse(definitionJSON, words)
})

// Load returns the embedded survey definition, checked for consistency. Callers must not change it.
func Load() (*Definition, error) { return load() }

// illustrations are the illustration keys the app bundles.
var illustrations = []string{
	"ios-only", "progress-basic", "did-you-know-currently-diagnosed", "process-personalize",
	"did-you-know-coaching", "did-you-know-cbt", "progress-coach", "plan-recommendation",
}

var questionTypes = []QuestionType{Progress, Custom, SelectOne, SelectMany, ResponseView, Rate}

// parse decodes a definition's structure, puts in its words and checks it all, so a broken edit of
// either file fails at start-up and in tests rather than in front of a member.
func parse(structure, words []byte) (*Definition, error) {
	var d Definition
	if err := json.Unmarshal(structure, &d); err != nil {
		return nil, fmt.Errorf("survey definition: %w", err)
	}
	c, err := decodeCopy(words)
	if err != nil {
		return nil, fmt.Errorf("survey definition: %w", err)
	}
	if err := d.applyCopy(c); err != nil {
		return nil, fmt.Errorf("survey definition: %w", err)
	}
	if err := d.check(); err != nil {
		return nil, fmt.Errorf("survey definition: %w", err)
	}
	return &d, nil
}

func (d *Definition) check() error {
	if d.Title == "" {
		return fmt.Errorf("no title")
	}
	groups := map[int]string{}
	for _, g := range d.Groups {
		if _, dup := groups[g.ID]; dup {
			return fmt.Errorf("group %d defined twice", g.ID)
		}
		if g.Key == "" || g.Title == "" {
			return fmt.Errorf("group %d needs a key and a title", g.ID)
		}
		groups[g.ID] = g.Title
	}
	if d.Questions[d.FirstQuestion] == nil {
		return fmt.Errorf("firstQuestion %q is not a question", d.FirstQuestion)
	}
	for _, slug := range []string{SlugNameAndBirth, SlugIOSOnly, SlugLiveState, SlugNoGo, SlugMeetYourCoach, SlugDone} {
		if d.Questions[slug] == nil {
			return fmt.Errorf("question %q is missing", slug)
		}
	}
	for slug, q := range d.Questions {
		if q == nil {
			return fmt.Errorf("%s: empty question", slug)
		}
		if q.Slug != "" && q.Slug != slug {
			return fmt.Errorf("%s: slug field says %q", slug, q.Slug)
		}
		q.Slug = slug
		if err := d.checkQuestion(q, groups); err != nil {
			return fmt.Errorf("%s: %w", slug, err)
		}
	}
	return d.buildFlow()
}

func (d *Definition) checkQuestion(q *Question, groups map[int]string) error {
	if !slices.Contains(questionTypes, q.Type) {
		return fmt.Errorf("unknown type %q", q.Type)
	}
	title, ok := groups[q.GroupID]
	if !ok {
		return fmt.Errorf("unknown group %d", q.GroupID)
	}
	// groupTitle is served for the app's contract (spec §3) but always the group's own title, so it
	// is derived here rather than written twice.
	q.GroupTitle = title
	if q.Title == "" {
		return fmt.Errorf("no title")
	}
	for _, target := range []string{q.NextStep, q.PrevStep} {
		if target != "" && d.Questions[target] == nil {
			return fmt.Errorf("step %q does not exist", target)
		}
	}
	if q.Illustration != "" && !slices.Contains(illustrations, q.Illustration) {
		return fmt.Errorf("unknown illustration %q", q.Illustration)
	}
	// Section 5 of the specification: select and rate questions, name-and-birth and live-state need
	// an answer, and nothing else does.
	wantRequired := q.Type == SelectOne || q.Type == SelectMany || q.Type == Rate ||
		q.Slug == SlugNameAndBirth || q.Slug == SlugLiveState
	if q.Required != wantRequired {
		return fmt.Errorf("required is %v, want %v", q.Required, wantRequired)
	}
	selects := q.Type == SelectOne || q.Type == SelectMany || q.Type == Rate
	if selects && len(q.AnswerVariants) == 0 {
		return fmt.Errorf("a %s question needs answer variants", q.Type)
	}
	if q.Max != 0 && (q.Type != SelectMany || q.Max < 1 || q.Max > len(q.AnswerVariants)) {
		return fmt.Errorf("max %d does not fit a %s question with %d variants", q.Max, q.Type, len(q.AnswerVariants))
	}
	seen := map[string]bool{}
	for _, v := range q.AnswerVariants {
		if v.Key == "" || v.Value == "" {
			return fmt.Errorf("a variant needs a key and a value")
		}
		if seen[v.Key] {
			return fmt.Errorf("variant %q defined twice", v.Key)
		}
		seen[v.Key] = true
		if v.Exclusive && (q.Type != SelectMany || v.BranchTo != "") {
			return fmt.Errorf("variant %q is exclusive, which only an option of a SelectMany question without a branch can be", v.Key)
		}
		if v.BranchTo != "" && d.Questions[v.BranchTo] == nil {
			return fmt.Errorf("variant %q branches to %q, which does not exist", v.Key, v.BranchTo)
		}
		if (q.Slug == SlugLiveState) != (v.TimeZone != "") || v.TimeZone != "" && !slices.Contains(TimeZones, v.TimeZone) {
			return fmt.Errorf("variant %q has time zone %q; live-state's options need one of TimeZones, others none", v.Key, v.TimeZone)
		}
	}
	return nil
}

// buildFlow walks back from the first question to the head of the survey and then forward along
// nextStep, refusing loops and one-sided links, so that prev and next always agree on the main path.
func (d *Definition) buildFlow() error {
	head := d.FirstQuestion
	for steps := 0; d.Questions[head].PrevStep != ""; steps++ {
		if steps > len(d.Questions) {
			return fmt.Errorf("prevStep loops before %q", d.FirstQuestion)
		}
		head = d.Questions[head].PrevStep
	}
	seen := map[string]bool{}
	for slug := head; slug != ""; slug = d.Questions[slug].NextStep {
		if seen[slug] {
			return fmt.Errorf("nextStep loops at %q", slug)
		}
		seen[slug] = true
		if next := d.Questions[slug].NextStep; next != "" && d.Questions[next].PrevStep != slug {
			return fmt.Errorf("%q leads to %q, whose prevStep is %q", slug, next, d.Questions[next].PrevStep)
		}
		d.flow = append(d.flow, slug)
	}
	for slug, q := range d.Questions {
		if q.Required && !seen[slug] {
			return fmt.Errorf("%q needs an answer but is not on the main path", slug)
		}
	}
	return nil
}

// StateTimeZone returns the time zone most people of a live-state answer's state live in, or "" for
// a state the survey doesn't know.
func (d *Definition) StateTimeZone(state string) string {
	v, _ := d.Question(SlugLiveState).Variant(state)
	return v.TimeZone
}
