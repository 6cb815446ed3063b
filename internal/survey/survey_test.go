package survey

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"wayfinder/web"
)

func mustLoad(t *testing.T) *Definition {
	t.Helper()
	d, err := Load()
	if err != nil {
		t.Fatalf("Load() error = %v, want nil", err)
	}
	return d
}

func TestLoadParsesOnce(t *testing.T) {
	a, b := mustLoad(t), mustLoad(t)
	if a != b {
		t.Error("Load() returned two definitions, want the one parsed at first use")
	}
	if got, want := a.FirstQuestion, SlugNameAndBirth; got != want {
		t.Errorf("FirstQuestion = %q, want %q", got, want)
	}
	if a.Title == "" {
		t.Error("Title is empty, want a title")
	}
}

// specSlugs are the survey steps of the specification, section 2, plus the no-go page. They are a
// contract with the iOS app, typos included.
var specSlugs = []string{
	"progress-basic", "name-and-birth", "ios-only", "coach-welcome", "how-you-identify", "live-state",
	"whats-your-motivation", "did-you-know-currently-diagnosed", "have-you-experienced-adhd",
	"how-would-you-like-agave", "process-personalize", "discribe-diagnosis", "rate-affect-life",
	"how-manage-adhd", "did-you-know-cbt", "your-challenge-is", "what-apply-to-you",
	"lets-better-understand-prompt", "how-often-trouble-wrapping", "trouble-order", "trouble-appointment",
	"trouble-thought", "fidget", "overly-active-motor", "score-screen", "progress-coach", "what-help-need",
	"pre-account", "account", "meet-your-coach", "testimonials", "plan-recommendation", "plan-preview",
	"thank-you-page", "we-are-sorry-no-go",
}

func TestEverySpecSlugIsDefined(t *testing.T) {
	d := mustLoad(t)
	for _, slug := range specSlugs {
		q := d.Question(slug)
		if q == nil {
			t.Errorf("Question(%q) = nil, want a step", slug)
			continue
		}
		if got := q.Slug; got != slug {
			t.Errorf("Question(%q).Slug = %q, want %q", slug, got, slug)
		}
		if strings.TrimSpace(q.Title) == "" {
			t.Errorf("Question(%q).Title is empty, want copy", slug)
		}
	}
	for slug := range d.Questions {
		if !slices.Contains(specSlugs, slug) {
			t.Errorf("question %q is not in the specification, want only spec slugs", slug)
		}
	}
	if got := d.Question("no-such-step"); got != nil {
		t.Errorf("Question(unknown) = %+v, want nil", got)
	}
}

func keysOf(q *Question) []string {
	var keys []string
	for _, v := range q.AnswerVariants {
		keys = append(keys, v.Key)
	}
	return keys
}

func TestAnswerKeysOfTheSpec(t *testing.T) {
	d := mustLoad(t)
	freq := []string{"very-often", "often", "sometimes", "rarely", "never"}
	tests := []struct {
		slug string
		want []string
	}{
		{"name-and-birth", []string{"firstName", "lastName", "dateOfBirth", "termsOfService", "device"}},
		{"how-you-identify", []string{"female", "male", "non-binary", "prefer-not-to-disclose"}},
		{"whats-your-motivation", []string{"learn-more", "better-manage", "accountability", "other"}},
		{"have-you-experienced-adhd", []string{"yes", "no"}},
		{"discribe-diagnosis", []string{"licenced_prof", "self", "not-sure-i-have"}},
		{"how-manage-adhd", []string{"medication", "pshychotherapy", "adhd-coach", "on-my-own", "other"}},
		{"what-apply-to-you", []string{"self-harm", "ocd", "asd", "anxiety", "depression", "self-medicating", "none"}},
		{"what-help-need", []string{"accountable", "check-ins", "emotional-support", "define-goals", "explain-adhd-brain"}},
		{"rate-affect-life", freq},
		{"how-often-trouble-wrapping", freq},
		{"trouble-order", freq},
		{"trouble-appointment", freq},
		{"trouble-thought", freq},
		{"fidget", freq},
		{"overly-active-motor", freq},
	}
	for _, tt := range tests {
		got := keysOf(d.Question(tt.slug))
		if !sameSet(got, tt.want) {
			t.Errorf("%s keys = %v, want %v", tt.slug, got, tt.want)
		}
	}
	if got, want := len(d.Question("your-challenge-is").AnswerVariants), 8; got != want {
		t.Errorf("your-challenge-is has %d options, want %d", got, want)
	}
	if got, want := d.Question("your-challenge-is").Max, 3; got != want {
		t.Errorf("your-challenge-is max = %d, want %d", got, want)
	}
	for _, slug := range []string{"whats-your-motivation", "how-manage-adhd"} {
		if v, _ := d.Question(slug).Variant("other"); v.Text == "" {
			t.Errorf("%s other has no free-text prompt, want one", slug)
		}
	}
	states := keysOf(d.Question(SlugLiveState))
	if got, want := len(states), 51; got != want {
		t.Errorf("live-state has %d options, want %d (50 states and DC)", got, want)
	}
	for _, code := range []string{"DC", "CA", "NY", "WY", "AK", "HI"} {
		if !slices.Contains(states, code) {
			t.Errorf("live-state lacks %s", code)
		}
	}
	for _, code := range states {
		if len(code) != 2 || strings.ToUpper(code) != code {
			t.Errorf("live-state key %q, want a two-letter code", code)
		}
	}
}

func sameSet(a, b []string) bool {
	a, b = slices.Clone(a), slices.Clone(b)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(a, b)
}

func TestBranchesAndGroups(t *testing.T) {
	d := mustLoad(t)
	branches := []struct{ slug, key, want string }{
		{"what-apply-to-you", "self-harm", "we-are-sorry-no-go"},
		{"have-you-experienced-adhd", "yes", "how-would-you-like-agave"},
	}
	for _, b := range branches {
		v, ok := d.Question(b.slug).Variant(b.key)
		if !ok || v.BranchTo != b.want {
			t.Errorf("%s/%s branchTo = %q, want %q", b.slug, b.key, v.BranchTo, b.want)
		}
	}
	wantGroups := map[int]string{0: "info", 1: "info", 2: "personalize", 3: "coach", 4: "adhdq"}
	for _, g := range d.Groups {
		if got, want := g.Key, wantGroups[g.ID]; got != want {
			t.Errorf("group %d key = %q, want %q", g.ID, got, want)
		}
	}
	if got, want := len(d.Groups), len(wantGroups); got != want {
		t.Errorf("%d groups, want %d", got, want)
	}
	for _, slug := range ScreeningItems {
		q := d.Question(slug)
		if q.Type != Rate || q.GroupID != 4 || !strings.Contains(q.Attribution, "World Health Organization") {
			t.Errorf("%s = %s in group %d with attribution %q, want a Rate item of group 4 credited to the WHO",
				slug, q.Type, q.GroupID, q.Attribution)
		}
	}
	if q := d.Question(SlugIOSOnly); q.NextStep != "" {
		t.Errorf("ios-only nextStep = %q, want none: it is an end", q.NextStep)
	}
	if q := d.Question(SlugNoGo); q.NextStep != "" || !strings.Contains(strings.Join(q.Text, " "), "988") {
		t.Errorf("no-go page = next %q, text %q; want an end that gives 988", q.NextStep, q.Text)
	}
}

// TestCopyHasNoBrand keeps the brand out of the definition: it comes from config through {brand}.
func TestCopyHasNoBrand(t *testing.T) {
	d := mustLoad(t)
	for slug, q := range d.Questions {
		text := strings.ToLower(q.Title + " " + strings.Join(q.Text, " ") + " " + q.NextLabel)
		if strings.Contains(text, "agave") {
			t.Errorf("%s copy names the brand, want {brand}", slug)
		}
	}
}

func TestFlowFollowsTheSpecOrder(t *testing.T) {
	d := mustLoad(t)
	flow := d.Flow()
	if got, want := flow[0], "progress-basic"; got != want {
		t.Errorf("flow starts at %q, want %q", got, want)
	}
	if got, want := flow[len(flow)-1], "thank-you-page"; got != want {
		t.Errorf("flow ends at %q, want %q", got, want)
	}
	// The main path keeps the order of the specification's list, leaving out the branch-only steps.
	// coach-welcome comes before name-and-birth because name-and-birth leads straight to
	// how-you-identify (section 4).
	var want []string
	for _, s := range specSlugs {
		switch s {
		case "ios-only", "how-would-you-like-agave", "we-are-sorry-no-go", "coach-welcome":
			continue
		case "name-and-birth":
			want = append(want, "coach-welcome")
		}
		want = append(want, s)
	}
	if !slices.Equal(flow, want) {
		t.Errorf("flow = %v\nwant %v", flow, want)
	}
}

// TestDefinitionChecks breaks the definition one way at a time and wants parse to refuse each.
func TestDefinitionChecks(t *testing.T) {
	type doc = map[string]any
	q := func(d doc, slug string) doc { return d["questions"].(doc)[slug].(doc) }
	tests := []struct {
		name    string
		breakIt func(d doc)
		want    string
	}{
		{"next to nowhere", func(d doc) { q(d, "fidget")["nextStep"] = "nowhere" }, "does not exist"},
		{"prev to nowhere", func(d doc) { q(d, "fidget")["prevStep"] = "nowhere" }, "does not exist"},
		{"branch to nowhere", func(d doc) {
			q(d, "what-apply-to-you")["answerVariants"].([]any)[0].(doc)["branchTo"] = "nowhere"
		}, "does not exist"},
		{"unknown group", func(d doc) { q(d, "fidget")["groupId"] = 9 }, "unknown group"},
		{"words in the structure", func(d doc) { q(d, "fidget")["groupTitle"] = "Other" }, "belong in the copy"},
		{"a label in the structure", func(d doc) {
			q(d, "fidget")["answerVariants"].([]any)[0].(doc)["value"] = "Often"
		}, "belong in the copy"},
		{"duplicate group", func(d doc) { d["groups"] = append(d["groups"].([]any), d["groups"].([]any)[0]) }, "twice"},
		{"duplicate variant", func(d doc) {
			v := q(d, "fidget")["answerVariants"].([]any)
			q(d, "fidget")["answerVariants"] = append(v, v[0])
		}, "twice"},
		{"select without variants", func(d doc) {
			delete(q(d, "how-you-identify"), "answerVariants") // and its labels, below
		}, "needs answer variants"},
		{"required not per spec", func(d doc) { q(d, "how-you-identify")["required"] = false }, "required"},
		{"unknown type", func(d doc) { q(d, "fidget")["type"] = "Slider" }, "unknown type"},
		{"unknown illustration", func(d doc) { q(d, "fidget")["illustration"] = "cat" }, "illustration"},
		{"max over variants", func(d doc) { q(d, "your-challenge-is")["max"] = 20 }, "max"},
		{"state without time zone", func(d doc) {
			delete(q(d, "live-state")["answerVariants"].([]any)[0].(doc), "timeZone")
		}, "time zone"},
		{"state in another zone", func(d doc) {
			q(d, "live-state")["answerVariants"].([]any)[0].(doc)["timeZone"] = "Europe/Paris"
		}, "time zone"},
		{"time zone off live-state", func(d doc) {
			q(d, "fidget")["answerVariants"].([]any)[0].(doc)["timeZone"] = "America/Chicago"
		}, "time zone"},
		{"exclusive on a select-one question", func(d doc) {
			q(d, "how-you-identify")["answerVariants"].([]any)[0].(doc)["exclusive"] = true
		}, "exclusive"},
		{"exclusive with a branch", func(d doc) {
			q(d, "what-apply-to-you")["answerVariants"].([]any)[0].(doc)["exclusive"] = true
		}, "exclusive"},
		{"first question missing", func(d doc) { d["firstQuestion"] = "nowhere" }, "firstQuestion"},
		{"loop", func(d doc) { q(d, "thank-you-page")["nextStep"] = "progress-basic" }, ""},
		{"one-sided link", func(d doc) { q(d, "trouble-order")["prevStep"] = "fidget" }, "prevStep"},
		{"wrong field type", func(d doc) { q(d, "fidget")["max"] = "three" }, "cannot unmarshal"},
	}
	for _, tt := range tests {
		words := englishCopy(t)
		if tt.name == "select without variants" {
			// The words name the options too, so they must go for the structure's check to be reached.
			words = changed(t, words, func(w doc) { delete(q(w, "how-you-identify"), "answers") })
		}
		_, err := parse(changed(t, definitionJSON, tt.breakIt), words)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: parse() error = %v, want one containing %q", tt.name, err, tt.want)
		}
	}
}

// changed returns the JSON document b with change made to it.
func changed(t *testing.T, b []byte, change func(map[string]any)) []byte {
	t.Helper()
	var d map[string]any
	if err := json.Unmarshal(b, &d); err != nil {
		t.Fatal(err)
	}
	change(d)
	out, err := json.Marshal(d)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// englishCopy returns the survey's words in the default language as the server embeds them.
func englishCopy(t *testing.T) []byte {
	t.Helper()
	b, err := web.SurveyCopy(DefaultLanguage)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestCopyChecks breaks the survey's words one way at a time and wants parse to refuse each: every
// group, step and answer needs its words, and no word may belong to nothing.
func TestCopyChecks(t *testing.T) {
	type doc = map[string]any
	q := func(d doc, slug string) doc { return d["questions"].(doc)[slug].(doc) }
	tests := []struct {
		name    string
		breakIt func(d doc)
		want    string
	}{
		{"a step without words", func(d doc) { delete(d["questions"].(doc), "fidget") }, "no words for this step"},
		{"words for no step", func(d doc) { d["questions"].(doc)["fidgett"] = doc{"title": "Fidget"} }, `step "fidgett" is not in the definition`},
		{"an answer without a label", func(d doc) { delete(q(d, "fidget")["answers"].(doc), "often") }, `answer "often" has no label`},
		{"an empty label", func(d doc) { q(d, "fidget")["answers"].(doc)["often"] = "" }, `answer "often" has no label`},
		{"a label for no answer", func(d doc) { q(d, "fidget")["answers"].(doc)["always"] = "Always" }, `answer "always" is not an option`},
		{"a prompt for no answer", func(d doc) { q(d, "fidget")["answerTexts"] = doc{"always": "Tell us"} }, `answer "always" has a prompt`},
		{"a group without a title", func(d doc) { delete(d["groups"].(doc), "adhdq") }, "needs a key and a title"},
		{"a title for no group", func(d doc) { d["groups"].(doc)["extra"] = "Extra" }, `group "extra" is not in the definition`},
		{"a step without a title", func(d doc) { delete(q(d, "fidget"), "title") }, "no title"},
		{"a misspelt field", func(d doc) { q(d, "fidget")["titel"] = "Fidget" }, "unknown field"},
	}
	for _, tt := range tests {
		_, err := parse(definitionJSON, changed(t, englishCopy(t), tt.breakIt))
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: parse() error = %v, want one containing %q", tt.name, err, tt.want)
		}
	}
}

// TestEveryLanguageHasEveryWord parses the structure with each language's words, so a second
// language that misses a step or an answer, or names one that doesn't exist, fails here.
func TestEveryLanguageHasEveryWord(t *testing.T) {
	languages := web.SurveyCopyLanguages()
	if !slices.Contains(languages, DefaultLanguage) {
		t.Fatalf("languages = %v, want %q among them", languages, DefaultLanguage)
	}
	for _, lang := range languages {
		words, err := web.SurveyCopy(lang)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := parse(definitionJSON, words); err != nil {
			t.Errorf("%s: %v", lang, err)
		}
	}
}
