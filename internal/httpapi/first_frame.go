package httpapi

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"html"
	"io/fs"
	"path"
	"regexp"
	"strconv"
	"strings"
	"time"

	"wayfinder/internal/survey"
)

// The survey steps' first frames (web/scripts/first-frame.mjs): for each step a member may open by
// its address, the app's page with the step drawn in it, as a member sees it who stands there for
// the first time (survey.Definition.FirstVisit), with markers where that member's names and
// today's date go. The server fills them in and sends the page with the member's data; the app
// takes over once the frame has painted.
const (
	stepFramesManifestFile = ".first-frame/steps.json"
	stepFramesDir          = ".first-frame/steps"
)

// The markers of the frames' member-specific words: aheadMarkers in web/src/lib/rendered-ahead.ts.
const (
	firstNameMarker        = "\u2060first-name\u2060"
	profileFirstNameMarker = "\u2060profile-first-name\u2060"
	profileLastNameMarker  = "\u2060profile-last-name\u2060"
	birthMonthMarker       = "\u2060birth-month\u2060"
	birthDayMarker         = "\u2060birth-day\u2060"
	birthYearMarker        = "\u2060birth-year\u2060"
)

// stepFrames are the frames a build holds, by slug, each without payment and with it.
type stepFrames struct {
	pages map[string]*[2]framePage
	// months are the month names name-and-birth's list shows, for birthMonthMarker.
	months []string
}

// framePage is one step's frame page, with the runtime config and brand in it (withRuntimeConfig),
// kept as the text before the end of its <head> and the text from there on, which fill copies
// around the member's own head tags.
type framePage struct {
	beforeHeadEnd, fromHeadEnd string
	// styleHashes are the Content-Security-Policy sources that allow the page's style attributes:
	// the progress bar's share (--fill), which the app sets through the DOM once it has taken over.
	styleHashes []string
	// namesMember: the page's copy calls the member by their first name.
	namesMember bool
}

// stepFramesManifest is steps.json: what the frames were rendered from, and for which steps.
type stepFramesManifest struct {
	DefinitionSHA256 string   `json:"definitionSha256"`
	Months           []string `json:"months"`
	Steps            []string `json:"steps"`
}

// errStaleFrames says a build's frames were rendered from another survey definition than the one
// this server serves: they would show other words, so the steps are served without them.
var errStaleFrames = errors.New("the web app's step frames were rendered from another survey definition; rebuild the web app (make build) to have them")

// loadStepFrames reads the build's step frames, if it has any, checking that they were rendered
// from definition, the survey definition as this server serves it, and allows their inline script.
func (s *spa) loadStepFrames(definition []byte) error {
	frames, err := readStepFrames(s.files, s.cfg, definition)
	if err != nil || frames == nil {
		return err
	}
	s.steps = frames
	for _, pages := range frames.pages {
		for _, page := range pages {
			s.scriptHashes = addInlineScriptHashes(s.scriptHashes, []byte(page.beforeHeadEnd+page.fromHeadEnd))
		}
	}
	return nil
}

// readStepFrames reads steps.json and the pages it names, each rendered with cfg in both payment
// variants; nil when the build has no frames.
func readStepFrames(files fs.FS, cfg RuntimeConfig, definition []byte) (*stepFrames, error) {
	raw, err := fs.ReadFile(files, stepFramesManifestFile)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var m stepFramesManifest
	if err := json.Unmarshal(raw, &m); err != nil {
		return nil, fmt.Errorf("the web app's %s: %w", stepFramesManifestFile, err)
	}
	if sum := sha256.Sum256(definition); m.DefinitionSHA256 != hex.EncodeToString(sum[:]) {
		return nil, errStaleFrames
	}
	if len(m.Months) != 12 {
		return nil, fmt.Errorf("the web app's %s names %d months", stepFramesManifestFile, len(m.Months))
	}
	frames := &stepFrames{pages: map[string]*[2]framePage{}, months: m.Months}
	for _, slug := range m.Steps {
		pages := &[2]framePage{}
		for i, name := range []string{slug + ".html", slug + ".payment.html"} {
			raw, err := fs.ReadFile(files, path.Join(stepFramesDir, name))
			if err != nil {
				return nil, fmt.Errorf("the web app's step frame: %w", err)
			}
			cfg.PaymentEnabled = i == 1
			// Made for one member each time, so neither compressed ahead nor tagged for caches.
			page, err := withRuntimeConfig(raw, cfg)
			if err != nil {
				return nil, err
			}
			pages[i] = framePage{
				beforeHeadEnd: string(page.body[:page.headEnd]),
				fromHeadEnd:   string(page.body[page.headEnd:]),
				styleHashes:   styleAttributeHashes(page.body),
				namesMember:   bytes.Contains(page.body, []byte(firstNameMarker)),
			}
		}
		frames.pages[slug] = pages
	}
	return frames, nil
}

// styleAttribute finds a page's style attributes; React writes them with double quotes.
var styleAttribute = regexp.MustCompile(`\sstyle="([^"]*)"`)

// styleAttributeHashes returns the Content-Security-Policy sources of a page's style attributes.
func styleAttributeHashes(page []byte) []string {
	var sources []string
	for _, m := range styleAttribute.FindAllSubmatch(page, -1) {
		sources = addHashSource(sources, []byte(html.UnescapeString(string(m[1]))))
	}
	return sources
}

// frameMember is what a step's frame says of one member.
type frameMember struct {
	// firstName is the name the copy calls the member by: the one they gave on name-and-birth, or
	// else their profile's (fillCopy in web/src/features/survey/navigation.ts).
	firstName                         string
	profileFirstName, profileLastName string
	today                             time.Time
}

// fill returns the page for one member: the markers replaced by their words, escaped, and head
// added at the end of <head>.
func (p framePage) fill(m frameMember, months []string, head string) []byte {
	birth := survey.DefaultDateOfBirth(m.today)
	words := strings.NewReplacer(
		firstNameMarker, html.EscapeString(m.firstName),
		profileFirstNameMarker, html.EscapeString(m.profileFirstName),
		profileLastNameMarker, html.EscapeString(m.profileLastName),
		birthMonthMarker, html.EscapeString(months[birth.Month()-1]),
		birthDayMarker, strconv.Itoa(birth.Day()),
		birthYearMarker, strconv.Itoa(birth.Year()),
	)
	var b bytes.Buffer
	b.Grow(len(p.beforeHeadEnd) + len(head) + len(p.fromHeadEnd) + 64)
	_, _ = words.WriteString(&b, p.beforeHeadEnd)
	b.WriteString(head)
	_, _ = words.WriteString(&b, p.fromHeadEnd)
	return b.Bytes()
}
