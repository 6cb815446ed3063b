// Package messages is the server's one catalog of the words people read: the embedded sign-in
// pages, the emails, and the details of the API's error answers. Each language is one embedded file
// (en.json, …) mapping a key to its text, so the copy can be reviewed in one place and a second
// language is a second file with the same keys.
//
// Keys are namespaced by where the words are read: "idp." for the sign-in pages, "mail." for the
// emails and "api." for the API's error details, then the area ("api.coach.unknown"). Code names
// every key once, as a constant of type Key (const msgCoachUnknown messages.Key = "api.coach.unknown"),
// and passes that constant on; the package's tests parse the module to hold the code and the files
// to each other, so no key is missing from a language and none is left unused.
//
// Placeholders are written {name}, the same convention as the web app's catalog: a parameter fills
// them when the text is rendered, and a placeholder without one stays visible as it is, so a
// forgotten value shows up in review instead of silently vanishing from a sentence.
//
// This package imports no other package of the module: every layer may use it.
package messages

import (
	"embed"
	"encoding/json"
	"fmt"
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// Key names one message of the catalog, such as "api.coach.unknown".
type Key string

// Params fills the placeholders of a message: "{minutes}" takes Params{"minutes": 5}. Values are
// written with fmt's default format.
type Params map[string]any

// DefaultLanguage is the language every other falls back to, key by key, and the one used when a
// reader asks for none we have.
const DefaultLanguage = "en"

// Catalog is the messages of one language.
type Catalog struct {
	lang     string
	texts    map[Key]string
	fallback *Catalog // nil for DefaultLanguage itself
}

//go:embed *.json
var files embed.FS

// catalogs holds every language's catalog, loaded once from the embedded files. A file that cannot
// be read is a broken build, which the package's tests catch before it ships.
var catalogs = func() map[string]*Catalog {
	cs, err := load()
	if err != nil {
		panic(err)
	}
	return cs
}()

// English is the catalog of DefaultLanguage: the one logs, the command line and tests render with.
var English = catalogs[DefaultLanguage]

// load reads every language file. Each file is one flat JSON object from key to text; the language
// is the file's name (en.json is "en").
func load() (map[string]*Catalog, error) {
	names, err := files.ReadDir(".")
	if err != nil {
		return nil, err
	}
	cs := map[string]*Catalog{}
	for _, f := range names {
		lang := strings.TrimSuffix(f.Name(), path.Ext(f.Name()))
		b, err := files.ReadFile(f.Name())
		if err != nil {
			return nil, err
		}
		var texts map[Key]string
		if err := json.Unmarshal(b, &texts); err != nil {
			return nil, fmt.Errorf("messages: %s: %w", f.Name(), err)
		}
		cs[lang] = &Catalog{lang: lang, texts: texts}
	}
	en, ok := cs[DefaultLanguage]
	if !ok {
		return nil, fmt.Errorf("messages: there is no %s.json", DefaultLanguage)
	}
	for lang, c := range cs {
		if lang != DefaultLanguage {
			c.fallback = en
		}
	}
	return cs, nil
}

// Languages returns the languages the catalog has, DefaultLanguage first.
func Languages() []string {
	langs := []string{DefaultLanguage}
	for lang := range catalogs {
		if lang != DefaultLanguage {
			langs = append(langs, lang)
		}
	}
	slices.Sort(langs[1:])
	return langs
}

// For returns the catalog of lang ("en", or "en-US", whose region is ignored), or English when the
// catalog has no such language.
func For(lang string) *Catalog {
	base, _, _ := strings.Cut(strings.ToLower(strings.TrimSpace(lang)), "-")
	if c, ok := catalogs[base]; ok {
		return c
	}
	return English
}

// Language returns the catalog's language, such as "en", for a page's lang attribute.
func (c *Catalog) Language() string { return c.lang }

// T returns the text of key with its placeholders filled from params (usually one map; a later one
// wins over an earlier one). A key this language lacks falls back to English; a key no language
// has comes back as the key itself, so a missing message is visible in review rather than blank.
func (c *Catalog) T(key Key, params ...Params) string {
	text, ok := c.texts[key]
	if !ok && c.fallback != nil {
		text, ok = c.fallback.texts[key]
	}
	if !ok {
		return string(key)
	}
	if len(params) == 0 || !strings.Contains(text, "{") {
		return text
	}
	return placeholder.ReplaceAllStringFunc(text, func(p string) string {
		name := p[1 : len(p)-1]
		for i := len(params) - 1; i >= 0; i-- {
			if v, ok := params[i][name]; ok {
				return fmt.Sprint(v)
			}
		}
		return p
	})
}

// Keys returns the keys the catalog has text for, sorted, so that a package's tests can check
// every message of its namespace.
func (c *Catalog) Keys() []Key {
	keys := make([]Key, 0, len(c.texts))
	for k := range c.texts {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// placeholder matches one {name} of a text; the same pattern as the web app's catalog uses.
var placeholder = regexp.MustCompile(`\{\w+\}`)

// Placeholders returns the names of the placeholders in text, sorted and each once, so tests can
// compare a translation's placeholders with English's.
func Placeholders(text string) []string {
	seen := map[string]bool{}
	var names []string
	for _, p := range placeholder.FindAllString(text, -1) {
		if name := p[1 : len(p)-1]; !seen[name] {
			seen[name] = true
			names = append(names, name)
		}
	}
	slices.Sort(names)
	return names
}

// Negotiate returns the catalog that best fits an Accept-Language header ("fr-CH, fr;q=0.9, en;q=0.8"):
// the language with the highest weight that the catalog has, the first listed on a tie, and English
// when none fits. Only the primary language of each tag counts, since the catalog has no regional
// variants.
func Negotiate(acceptLanguage string) *Catalog {
	best, bestWeight := English, 0.0
	for _, part := range strings.Split(acceptLanguage, ",") {
		tag, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		weight := 1.0
		if q, ok := strings.CutPrefix(strings.TrimSpace(params), "q="); ok {
			w, err := strconv.ParseFloat(q, 64)
			if err != nil {
				continue
			}
			weight = w
		}
		base, _, _ := strings.Cut(strings.ToLower(strings.TrimSpace(tag)), "-")
		c, ok := catalogs[base]
		if ok && weight > bestWeight {
			best, bestWeight = c, weight
		}
	}
	return best
}
