// Package media turns an uploaded picture (a member's profile picture, a coach's portrait) into
// one we are willing to serve: a JPEG of bounded size that holds the pixels and nothing else.
//
// An upload is refused unless it is exactly one JPEG, PNG or WebP image: nothing before it,
// nothing after it, no markup anywhere in it, at most MaxUploadBytes long and MaxPixels large.
// What passes is decoded, turned upright, scaled to fit MaxSide and encoded again, so metadata
// (location, camera, comments) and anything smuggled inside the file are left behind.
package media

import (
	"bytes"
	"encoding/binary"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"

	xdraw "golang.org/x/image/draw"
	"golang.org/x/image/webp"

	"wayfinder/internal/apperr"
	"wayfinder/internal/messages"
)

const (
	// MaxUploadBytes is the largest file accepted: 5 MB.
	MaxUploadBytes = 5 << 20
	// MaxPixels bounds the decoded size, so a small file that claims a huge canvas (a
	// decompression bomb) is refused before any pixel is decoded: 25 megapixels is a 24 MP camera's
	// photo, and about 100 MB once decoded.
	MaxPixels = 25_000_000
	// MaxSide is the longest side of a picture as it is kept and served.
	MaxSide = 800
	// ContentType is the type of every picture this package writes.
	ContentType = "image/jpeg"
	quality     = 85
)

// The formats an upload may be, by media type.
const (
	JPEG = "image/jpeg"
	PNG  = "image/png"
	WebP = "image/webp"
)

// The messages of a refused upload (internal/messages holds their words); each says what to do.
const (
	msgTooLarge    messages.Key = "api.picture.tooLarge"
	msgWrongType   messages.Key = "api.picture.wrongType"
	msgNotAPicture messages.Key = "api.picture.notAPicture"
	msgMoreThanPic messages.Key = "api.picture.moreThanAPicture"
	msgUnreadable  messages.Key = "api.picture.unreadable"
	msgTooManyPx   messages.Key = "api.picture.tooManyPixels"
)

// CheckType returns nil when declared is a media type an upload may have, and otherwise an
// UnsupportedMedia error saying which are, so the HTTP layer can refuse a body before reading it.
func CheckType(declared string) error {
	if declared != JPEG && declared != PNG && declared != WebP {
		return apperr.E(apperr.UnsupportedMedia, msgWrongType)
	}
	return nil
}

// Image is a re-encoded picture, ready to store and serve as ContentType.
type Image struct {
	Data          []byte
	Width, Height int
}

// decoding bounds how many pictures are decoded at once, so that uploads arriving together cannot
// take the server's memory: each may need 100 MB while it is decoded.
var decoding = make(chan struct{}, 2)

// Reencode checks an upload whose sender says it is of type declared, and returns it re-encoded.
// Every refusal is an apperr (Invalid, TooLarge or UnsupportedMedia) whose message says what to
// do instead.
func Reencode(data []byte, declared string) (Image, error) {
	if len(data) > MaxUploadBytes {
		return Image{}, apperr.E(apperr.TooLarge, msgTooLarge, messages.Params{"megabytes": MaxUploadBytes >> 20})
	}
	if err := CheckType(declared); err != nil {
		return Image{}, err
	}
	format := sniff(data)
	if format == "" || format != declared {
		return Image{}, invalid(msgNotAPicture)
	}
	if !endsWhereImageEnds(format, data) || hasMarkup(data) {
		return Image{}, invalid(msgMoreThanPic)
	}
	decodeConfig, decode := decoderOf(format)
	cfg, err := decodeConfig(bytes.NewReader(data))
	if err != nil {
		return Image{}, invalid(msgUnreadable)
	}
	if cfg.Width <= 0 || cfg.Height <= 0 || cfg.Width > MaxPixels/cfg.Height {
		return Image{}, invalid(msgTooManyPx, messages.Params{"megapixels": MaxPixels / 1_000_000})
	}
	decoding <- struct{}{}
	defer func() { <-decoding }()
	src, err := decode(bytes.NewReader(data))
	if err != nil {
		return Image{}, invalid(msgUnreadable)
	}
	out := fit(src)
	if format == JPEG {
		out = upright(out, exifOrientation(data))
	}
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, out, &jpeg.Options{Quality: quality}); err != nil {
		return Image{}, apperr.WrapInternalf(err, "encode a picture")
	}
	return Image{Data: buf.Bytes(), Width: out.Bounds().Dx(), Height: out.Bounds().Dy()}, nil
}

// invalid refuses the upload with one message, as the detail and as the image field's error.
func invalid(key messages.Key, params ...messages.Params) error {
	e := apperr.InvalidFields(key, apperr.Field("image", key, params...))
	e.Params = e.Fields[0].Params
	return e
}

// sniff names the format data begins with, or "".
func sniff(data []byte) string {
	switch {
	case bytes.HasPrefix(data, []byte{0xFF, 0xD8, 0xFF}):
		return JPEG
	case bytes.HasPrefix(data, []byte("\x89PNG\r\n\x1a\n")):
		return PNG
	case len(data) >= 12 && string(data[:4]) == "RIFF" && string(data[8:12]) == "WEBP":
		return WebP
	}
	return ""
}

// pngEnd is the IEND chunk every PNG ends with: length 0, type, CRC.
var pngEnd = []byte{0, 0, 0, 0, 'I', 'E', 'N', 'D', 0xAE, 0x42, 0x60, 0x82}

// endsWhereImageEnds reports whether the file stops where its image does. Data appended after an
// image is how most polyglots (a picture that is also a script, an archive or a page) are made.
func endsWhereImageEnds(format string, data []byte) bool {
	switch format {
	case PNG:
		return bytes.HasSuffix(data, pngEnd)
	case WebP:
		return int64(binary.LittleEndian.Uint32(data[4:8]))+8 == int64(len(data))
	case JPEG:
		// Some encoders pad the end with zero bytes, which hide nothing.
		return bytes.HasSuffix(bytes.TrimRight(data, "\x00"), []byte{0xFF, 0xD9})
	}
	return false
}

// markup is what begins a page or a script that a browser or server might run. None of these can
// sensibly appear in an image's compressed data, so finding one means something was hidden in it.
var markup = [][]byte{[]byte("<script"), []byte("<html"), []byte("<?php"), []byte("<svg"), []byte("<!doctype"), []byte("<body"), []byte("<iframe")}

func hasMarkup(data []byte) bool {
	lower := bytes.ToLower(data)
	for _, m := range markup {
		if bytes.Contains(lower, m) {
			return true
		}
	}
	return false
}

type (
	configFunc func(r *bytes.Reader) (image.Config, error)
	decodeFunc func(r *bytes.Reader) (image.Image, error)
)

// decoderOf returns the format's own decoder, so a file is only ever read as what it claims to be.
func decoderOf(format string) (configFunc, decodeFunc) {
	switch format {
	case PNG:
		return func(r *bytes.Reader) (image.Config, error) { return png.DecodeConfig(r) },
			func(r *bytes.Reader) (image.Image, error) { return png.Decode(r) }
	case WebP:
		return func(r *bytes.Reader) (image.Config, error) { return webp.DecodeConfig(r) },
			func(r *bytes.Reader) (image.Image, error) { return webp.Decode(r) }
	default:
		return func(r *bytes.Reader) (image.Config, error) { return jpeg.DecodeConfig(r) },
			func(r *bytes.Reader) (image.Image, error) { return jpeg.Decode(r) }
	}
}

// fit scales src to fit MaxSide (never up) onto white, since a JPEG has no transparency.
func fit(src image.Image) *image.RGBA {
	b := src.Bounds()
	w, h := b.Dx(), b.Dy()
	if w > MaxSide || h > MaxSide {
		if w >= h {
			w, h = MaxSide, max(1, h*MaxSide/b.Dx())
		} else {
			w, h = max(1, w*MaxSide/b.Dy()), MaxSide
		}
	}
	dst := image.NewRGBA(image.Rect(0, 0, w, h))
	xdraw.Draw(dst, dst.Bounds(), image.NewUniform(color.White), image.Point{}, xdraw.Src)
	xdraw.CatmullRom.Scale(dst, dst.Bounds(), src, b, xdraw.Over, nil)
	return dst
}
