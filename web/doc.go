// Package web holds the member-facing web app: its React source, and the built files that the
// server embeds and serves.
//
// The built files are embedded only when the binary is built with the "embed" build tag, after
// `npm run build` has produced dist/ (`make build` does both). Without the tag, Dist serves a
// one-page notice instead, so the Go code builds and its tests run without a Node toolchain.
package web
