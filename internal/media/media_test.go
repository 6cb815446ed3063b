package media

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"testing"

	"wayfinder/internal/apperr"
)

func pngOf(t *testing.T, w, h int, c color.Color) []byte {
	t.Helper()
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			img.Set(x, y, c)
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func jpegOf(t *testing.T, w, h int) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, image.NewRGBA(image.Rect(0, 0, w, h)), nil); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// withSegment puts a JPEG segment (marker, payload) right after the start-of-image marker.
func withSegment(data []byte, marker byte, payload []byte) []byte {
	seg := []byte{0xFF, marker, 0, 0}
	binary.BigEndian.PutUint16(seg[2:], uint16(len(payload)+2))
	out := append([]byte{}, data[:2]...)
	out = append(out, seg...)
	out = append(out, payload...)
	return append(out, data[2:]...)
}

// exifWithOrientation is an APP1 payload holding only the orientation tag, big-endian.
func exifWithOrientation(o uint16) []byte {
	b := []byte("Exif\x00\x00MM\x00\x2a\x00\x00\x00\x08\x00\x01\x01\x12\x00\x03\x00\x00\x00\x01\x00\x00\x00\x00\x00\x00\x00\x00")
	binary.BigEndian.PutUint16(b[6+8+2+8:], o)
	return b
}

// claiming returns a PNG whose header claims w×h pixels, with a valid checksum: a bomb's header.
func claiming(t *testing.T, w, h uint32) []byte {
	data := pngOf(t, 1, 1, color.Black)
	binary.BigEndian.PutUint32(data[16:20], w)
	binary.BigEndian.PutUint32(data[20:24], h)
	binary.BigEndian.PutUint32(data[29:33], crc32.ChecksumIEEE(data[12:29]))
	return data
}

func webpOf(t *testing.T) []byte {
	// A 1×1 lossy WebP, the smallest well-formed one.
	data, err := base64.StdEncoding.DecodeString("UklGRiIAAABXRUJQVlA4IBYAAAAwAQCdASoBAAEADsD+JaQAA3AAAAAA")
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func TestReencodeAccepts(t *testing.T) {
	tests := []struct {
		name         string
		data         []byte
		declared     string
		wantW, wantH int
	}{
		{"a PNG is kept at its size", pngOf(t, 40, 30, color.RGBA{R: 200, A: 255}), PNG, 40, 30},
		{"a wide PNG is scaled to fit", pngOf(t, 1600, 400, color.Black), PNG, 800, 200},
		{"a tall JPEG is scaled to fit", jpegOf(t, 300, 1200), JPEG, 200, 800},
		{"a WebP", webpOf(t), WebP, 1, 1},
		{"a JPEG turned a quarter by EXIF is stood upright", withSegment(jpegOf(t, 40, 20), 0xE1, exifWithOrientation(6)), JPEG, 20, 40},
		{"a JPEG padded with zeros", append(jpegOf(t, 8, 8), 0, 0, 0), JPEG, 8, 8},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Reencode(tt.data, tt.declared)
			if err != nil {
				t.Fatalf("Reencode = %v, want a picture", err)
			}
			if got.Width != tt.wantW || got.Height != tt.wantH {
				t.Errorf("size = %d×%d, want %d×%d", got.Width, got.Height, tt.wantW, tt.wantH)
			}
			img, err := jpeg.Decode(bytes.NewReader(got.Data))
			if err != nil || img.Bounds().Dx() != tt.wantW {
				t.Errorf("the result is not a JPEG of the size it says: %v", err)
			}
		})
	}
}

func TestReencodeStripsWhatIsNotPixels(t *testing.T) {
	comment := withSegment(jpegOf(t, 10, 10), 0xFE, []byte("GPS 51.5N 0.1W, taken by a camera"))
	got, err := Reencode(comment, JPEG)
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(got.Data, []byte("GPS")) || bytes.Contains(got.Data, []byte("Exif")) {
		t.Error("the re-encoded picture kept the original's metadata")
	}
	// A transparent picture is laid on white, not black, since a JPEG has no transparency.
	clear, err := Reencode(pngOf(t, 4, 4, color.NRGBA{}), PNG)
	if err != nil {
		t.Fatal(err)
	}
	img, _ := jpeg.Decode(bytes.NewReader(clear.Data))
	if r, _, _, _ := img.At(1, 1).RGBA(); r < 0xF000 {
		t.Errorf("a transparent pixel became %v, want white", img.At(1, 1))
	}
}

func TestReencodeRefuses(t *testing.T) {
	small := pngOf(t, 4, 4, color.Black)
	tests := []struct {
		name     string
		data     []byte
		declared string
		want     apperr.Code
	}{
		{"a 20 MB file", make([]byte, 20<<20), PNG, apperr.TooLarge},
		{"a GIF", []byte("GIF89a\x01\x00\x01\x00\x00\x00\x00;"), "image/gif", apperr.UnsupportedMedia},
		{"an SVG", []byte(`<svg xmlns="http://www.w3.org/2000/svg"/>`), "image/svg+xml", apperr.UnsupportedMedia},
		{"a page sent as a PNG", []byte("<html><script>alert(1)</script></html>"), PNG, apperr.Invalid},
		{"a PNG sent as a JPEG", small, JPEG, apperr.Invalid},
		{"a PNG with a script after its end (a polyglot)", append(append([]byte{}, small...), []byte("<script>alert(1)</script>")...), PNG, apperr.Invalid},
		{"a PNG with an archive after its end (a polyglot)", append(append([]byte{}, small...), []byte("PK\x03\x04 archive")...), PNG, apperr.Invalid},
		{"a JPEG with a script in a comment (a polyglot)", withSegment(jpegOf(t, 8, 8), 0xFE, []byte("*/=1;<script>alert(1)</script>/*")), JPEG, apperr.Invalid},
		{"a WebP with bytes after it", append(webpOf(t), "trailer"...), WebP, apperr.Invalid},
		{"a decompression bomb: 100000×100000 pixels in a few bytes", claiming(t, 100000, 100000), PNG, apperr.Invalid},
		{"30 megapixels", claiming(t, 6000, 5000), PNG, apperr.Invalid},
		{"a truncated PNG", small[:len(small)/2], PNG, apperr.Invalid},
		{"nothing", nil, JPEG, apperr.Invalid},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Reencode(tt.data, tt.declared)
			if got := apperr.CodeOf(err); got != tt.want {
				t.Errorf("Reencode = %v (%s), want %s", err, got, tt.want)
			}
		})
	}
}
