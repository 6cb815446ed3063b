package web

import (
	"embed"
	"io/fs"
)

// design holds the app's design tokens and display font, which the embedded identity provider's
// pages share with the app (ARCHITECTURE.md: one source for tokens and fonts). It is embedded
// from the sources, not the build, so every binary has it, with or without the built app.
//
//go:embed src/styles/tokens.css src/styles/fonts.css src/styles/fonts
var design embed.FS

// Design returns the app's styles directory: tokens.css, fonts.css, and fonts/ with the display
// font and its licence.
func Design() fs.FS {
	sub, err := fs.Sub(design, "src/styles")
	if err != nil {
		// fs.Sub fails only for an invalid path, and this one is a constant valid one.
		panic(err)
	}
	return sub
}
