package web

import (
	"embed"
	"fmt"
	"io/fs"
	"path"
	"slices"
)

// surveyCopy holds the survey definition's words in every language of the app's catalog
// (src/messages/<language>/definition.json). The words live in the app's catalog, beside the rest of
// the copy a member reads, so a translator works in one folder per language; the server merges them
// into the definition it serves and validates with. They are embedded from the sources, not the
// build, so every binary has them, with or without the built app.
//
//go:embed src/messages/*/definition.json
var surveyCopy embed.FS

// SurveyCopy returns the survey definition's words in the given language, a folder name of the
// app's catalog such as "en".
func SurveyCopy(language string) ([]byte, error) {
	b, err := fs.ReadFile(surveyCopy, path.Join("src/messages", language, "definition.json"))
	if err != nil {
		return nil, fmt.Errorf("survey copy for %q: %w", language, err)
	}
	return b, nil
}

// SurveyCopyLanguages lists the languages the catalog has survey words for, in order.
func SurveyCopyLanguages() []string {
	dirs, err := fs.Glob(surveyCopy, "src/messages/*/definition.json")
	if err != nil {
		// fs.Glob fails only for a malformed pattern, and this one is a constant valid one.
		panic(err)
	}
	languages := make([]string, 0, len(dirs))
	for _, d := range dirs {
		languages = append(languages, path.Base(path.Dir(d)))
	}
	slices.Sort(languages)
	return languages
}
