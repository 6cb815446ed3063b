//go:build !embed

package web

import (
	"io/fs"
	"testing/fstest"
)

// Embedded reports whether this binary carries the built web app.
const Embedded = false

// stubIndex is the page a binary built without the web app serves in its place. It keeps a
// </head>, as the real index.html does, so the server's runtime settings still have a place to go.
const stubIndex = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Web app not included</title>
</head>
<body>
<main>
<h1>Web app not included</h1>
<p>This server was built without its web interface, so there is no app to show here.</p>
<p>To include it, build with <code>make build</code>.</p>
</main>
</body>
</html>
`

// Dist returns a stand-in for the built app: a single index.html explaining that the web app was
// left out of this build.
func Dist() fs.FS {
	return fstest.MapFS{
		"index.html": &fstest.MapFile{Data: []byte(stubIndex), Mode: 0o444},
	}
}
