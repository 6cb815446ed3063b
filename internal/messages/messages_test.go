package messages

import (
	"slices"
	"testing"
)

// testCatalog is a language of its own, so the rendering rules are tested apart from the copy.
func testCatalog() *Catalog {
	return &Catalog{lang: "xx", fallback: English, texts: map[Key]string{
		"test.plain":    "Welcome back",
		"test.brand":    "Back to {brand}",
		"test.two":      "Try again in {minutes} minutes, {name}.",
		"test.twice":    "{name}, {name}!",
		"test.braces":   "A {brace that is not a placeholder} and {}",
		"test.adjacent": "{a}{b}",
	}}
}

// msgFallbackProbe is a key of the English catalog, which the test catalog lacks.
var msgFallbackProbe = func() Key {
	keys := make([]Key, 0, len(English.texts))
	for k := range English.texts {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys[0]
}()

func TestT(t *testing.T) {
	c := testCatalog()
	tests := []struct {
		name   string
		key    Key
		params []Params
		want   string
	}{
		{"plain text", "test.plain", nil, "Welcome back"},
		{"plain text ignores params", "test.plain", []Params{{"brand": "Wayfinder"}}, "Welcome back"},
		{"a placeholder filled", "test.brand", []Params{{"brand": "Wayfinder"}}, "Back to Wayfinder"},
		{"numbers are written as they are", "test.two", []Params{{"minutes": 12, "name": "Ann"}}, "Try again in 12 minutes, Ann."},
		{"the same placeholder twice", "test.twice", []Params{{"name": "Ann"}}, "Ann, Ann!"},
		{"a missing parameter stays visible", "test.two", []Params{{"name": "Ann"}}, "Try again in {minutes} minutes, Ann."},
		{"no parameters at all", "test.brand", nil, "Back to {brand}"},
		{"a nil map", "test.brand", []Params{nil}, "Back to {brand}"},
		{"a later map wins", "test.brand", []Params{{"brand": "A"}, {"brand": "B"}}, "Back to B"},
		{"maps merge", "test.two", []Params{{"minutes": 3}, {"name": "Bo"}}, "Try again in 3 minutes, Bo."},
		{"a value is not read for placeholders", "test.brand", []Params{{"brand": "{name}"}}, "Back to {name}"},
		{"braces that are no placeholder stay", "test.braces", []Params{{"brace": "x"}}, "A {brace that is not a placeholder} and {}"},
		{"placeholders side by side", "test.adjacent", []Params{{"a": 1, "b": 2}}, "12"},
		{"an unknown key shows itself", "no.such.key", nil, "no.such.key"},
		{"a key this language lacks falls back to English", msgFallbackProbe, []Params{{"brand": "Wayfinder"}}, English.T(msgFallbackProbe, Params{"brand": "Wayfinder"})},
	}
	for _, tt := range tests {
		if got := c.T(tt.key, tt.params...); got != tt.want {
			t.Errorf("%s: T(%q) = %q, want %q", tt.name, tt.key, got, tt.want)
		}
	}
	if got := English.T(msgFallbackProbe); got == string(msgFallbackProbe) || got == "" {
		t.Errorf("English.T(%q) = %q, want its English text", msgFallbackProbe, got)
	}
}

func TestPlaceholders(t *testing.T) {
	tests := []struct {
		text string
		want []string
	}{
		{"Welcome back", nil},
		{"Back to {brand}", []string{"brand"}},
		{"{name}, {name}: {minutes} minutes", []string{"minutes", "name"}},
		{"{not a placeholder} {}", nil},
	}
	for _, tt := range tests {
		if got := Placeholders(tt.text); !slices.Equal(got, tt.want) {
			t.Errorf("Placeholders(%q) = %q, want %q", tt.text, got, tt.want)
		}
	}
}

func TestFor(t *testing.T) {
	tests := []struct {
		lang string
		want string
	}{
		{"en", "en"},
		{"EN-us", "en"},
		{" en ", "en"},
		{"", "en"},
		{"tlh", "en"}, // a language the catalog lacks gets English
	}
	for _, tt := range tests {
		if got := For(tt.lang).Language(); got != tt.want {
			t.Errorf("For(%q) = %q, want %q", tt.lang, got, tt.want)
		}
	}
	if got := Languages(); len(got) == 0 || got[0] != DefaultLanguage {
		t.Errorf("Languages() = %q, want %q first", got, DefaultLanguage)
	}
}

func TestNegotiate(t *testing.T) {
	// A second language is added for the test, as a second file would add it.
	xx := testCatalog()
	catalogs["xx"] = xx
	defer delete(catalogs, "xx")
	tests := []struct {
		header string
		want   string
	}{
		{"", "en"},
		{"xx", "xx"},
		{"xx-CH", "xx"},
		{"tlh, xx;q=0.8, en;q=0.9", "en"},
		{"tlh, xx;q=0.9, en;q=0.8", "xx"},
		{"en, xx", "en"},           // a tie goes to the first listed
		{"xx;q=0, en;q=0.1", "en"}, // q=0 means "not this one"
		{"xx;q=0", "en"},
		{"xx;q=abc, en;q=0.5", "en"}, // a broken weight drops its tag, not the header
		{"*", "en"},
		{"  XX  ;  q=0.7 ", "xx"},
	}
	for _, tt := range tests {
		if got := Negotiate(tt.header).Language(); got != tt.want {
			t.Errorf("Negotiate(%q) = %q, want %q", tt.header, got, tt.want)
		}
	}
}
