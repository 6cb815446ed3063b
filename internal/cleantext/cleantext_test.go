package cleantext

import "testing"

func TestProblem(t *testing.T) {
	tests := []struct {
		name  string
		in    string
		clean bool
	}{
		{"plain", "Sam Rivera", true},
		{"empty", "", true},
		{"accents and apostrophes", "Zoë O’Brien-Łukasz", true},
		{"another script", "山田 太郎", true},
		{"right-to-left script", "مريم", true},
		{"emoji with a joiner", "👩‍💻", true},
		{"a joiner inside a script", "می‌خواهم", true},
		{"NUL", "Sam\x00", false},
		{"line feed", "Sam\nRivera", false},
		{"carriage return", "Sam\rRivera", false},
		{"tab", "Sam\tRivera", false},
		{"DEL", "Sam\x7f", false},
		{"C1 control", "Sam\u0085", false},
		{"line separator", "Sam\u2028Rivera", false},
		{"right-to-left override", "Sam\u202Egnp.exe", false},
		{"isolate", "\u2067Sam\u2069", false},
		{"left-to-right mark", "Sam\u200E", false},
		{"invalid UTF-8", "Sam\xff", false},
		{"a replacement character", "Sam\uFFFD", false},
		{"a noncharacter", "Sam\uFFFF", false},
	}
	for _, tt := range tests {
		if got := Problem(tt.in) == ""; got != tt.clean {
			t.Errorf("%s: Problem(%q) = %q, want clean %v", tt.name, tt.in, Problem(tt.in), tt.clean)
		}
	}
}

func TestParagraphsProblem(t *testing.T) {
	tests := []struct {
		in    string
		clean bool
	}{
		{"One.\n\nTwo.", true},
		{"One.\r\nTwo.", false},
		{"One.\x00", false},
		{"\u202EOne.", false},
	}
	for _, tt := range tests {
		if got := ParagraphsProblem(tt.in) == ""; got != tt.clean {
			t.Errorf("ParagraphsProblem(%q) = %q, want clean %v", tt.in, ParagraphsProblem(tt.in), tt.clean)
		}
	}
}

func TestHasVisible(t *testing.T) {
	tests := []struct {
		in   string
		want bool
	}{
		{"Sam", true},
		{"  Sam  ", true},
		{"7", true},
		{"—", true},
		{"", false},
		{"   ", false},
		{"\u200B\u200B", false},         // zero-width spaces
		{"\u3000", false},               // an ideographic space
		{"\u200D\uFE0F", false},         // a joiner and a variation selector alone
		{"\u00AD", false},               // a soft hyphen
		{"\u2800", true},                // a braille blank is a symbol; it is up to a person to judge
		{"\U000E0041\U000E0042", false}, // tag characters
	}
	for _, tt := range tests {
		if got := HasVisible(tt.in); got != tt.want {
			t.Errorf("HasVisible(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}
