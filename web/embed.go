//go:build embed

package web

import (
	"embed"
	"io/fs"
)

// Embedded reports whether this binary carries the built web app.
const Embedded = true

//go:embed all:dist
var dist embed.FS

// Dist returns the built app: index.html at its root and the hashed files under assets/,
// with their .br and .gz copies beside them.
func Dist() fs.FS {
	sub, err := fs.Sub(dist, "dist")
	if err != nil {
		// fs.Sub fails only for an invalid path, and "dist" is a constant valid one.
		panic(err)
	}
	return sub
}
