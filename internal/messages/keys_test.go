package messages

import (
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// The convention these tests hold the code to: every key is written once in the module's Go code,
// as the string value of a constant whose declared type is messages.Key
// (const msgCoachUnknown messages.Key = "api.coach.unknown"), and code passes that constant on. A
// key is used when its constant is referred to. That makes both directions checkable by reading the
// source: a key the code uses and a language lacks, and a key a language has and no code uses.

// thisPackage is the import path of this package, which the module's files import it by.
const thisPackage = "wayfinder/internal/messages"

// keyLike is the shape of a key, "area.part" and more parts, in one of the namespaces.
var keyLike = regexp.MustCompile(`^(api|idp|mail)\.[A-Za-z0-9]+(\.[A-Za-z0-9]+)+$`)

// keyDecl is one constant of type Key.
type keyDecl struct {
	key  Key
	name string // the constant's name
	dir  string // its package's directory, relative to the module
	pos  string
}

// moduleSource is what the tests learn from the module's non-test Go files.
type moduleSource struct {
	decls    []keyDecl
	used     map[string]bool // "dir\x00name" for a same-package reference, "\x00name" for pkg.Name
	problems []string        // breaches of the convention, each with its position
}

func TestEveryKeyIsDeclaredOnceAndUsed(t *testing.T) {
	src := readModule(t)
	for _, p := range src.problems {
		t.Error(p)
	}
	declared := map[Key]keyDecl{}
	for _, d := range src.decls {
		if first, ok := declared[d.key]; ok {
			t.Errorf("%s: key %q is declared again (first as %s at %s); declare each key once and share the constant", d.pos, d.key, first.name, first.pos)
			continue
		}
		declared[d.key] = d
		if !src.used[d.dir+"\x00"+d.name] && !(ast.IsExported(d.name) && src.used["\x00"+d.name]) {
			t.Errorf("%s: the constant %s (%q) is never used; remove it and its message", d.pos, d.name, d.key)
		}
	}
	for _, lang := range Languages() {
		texts := catalogs[lang].texts
		for key, d := range declared {
			if _, ok := texts[key]; !ok {
				t.Errorf("%s: key %q (%s) is missing from %s.json", d.pos, key, d.name, lang)
			}
		}
		for key := range texts {
			if _, ok := declared[key]; !ok {
				t.Errorf("%s.json: key %q is not used by any code (no constant of type messages.Key has it)", lang, key)
			}
		}
	}
}

func TestLanguagesMatchEnglish(t *testing.T) {
	files, err := fs.Glob(os.DirFS("."), "*.json")
	if err != nil || len(files) == 0 {
		t.Fatalf("no language files: %v", err)
	}
	for _, f := range files {
		// Each file is read again on its own, so a key given twice (which decoding would hide) is
		// caught too.
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if dup := duplicateKey(b); dup != "" {
			t.Errorf("%s: key %q appears twice", f, dup)
		}
	}
	en := English.texts
	for key, text := range en {
		if !keyLike.MatchString(string(key)) {
			t.Errorf("en.json: key %q is not namespaced like api.area.name, idp.area.name or mail.area.name", key)
		}
		if strings.TrimSpace(text) == "" {
			t.Errorf("en.json: key %q has no text", key)
		}
	}
	for _, lang := range Languages()[1:] {
		texts := catalogs[lang].texts
		for key, text := range en {
			got, ok := texts[key]
			if !ok {
				t.Errorf("%s.json lacks %q", lang, key)
				continue
			}
			if a, b := Placeholders(text), Placeholders(got); !slices.Equal(a, b) {
				t.Errorf("%s.json: %q has placeholders %q, English has %q", lang, key, b, a)
			}
			if strings.TrimSpace(got) == "" {
				t.Errorf("%s.json: key %q has no text", lang, key)
			}
		}
		for key := range texts {
			if _, ok := en[key]; !ok {
				t.Errorf("%s.json has %q, which English does not", lang, key)
			}
		}
	}
}

// duplicateKey returns a key that a flat JSON object gives twice, or "".
func duplicateKey(b []byte) string {
	dec := json.NewDecoder(strings.NewReader(string(b)))
	if _, err := dec.Token(); err != nil {
		return ""
	}
	seen := map[string]bool{}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return ""
		}
		key, _ := tok.(string)
		if seen[key] {
			return key
		}
		seen[key] = true
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			return ""
		}
	}
	return ""
}

// readModule parses every non-test Go file of the module and collects the key constants, the
// references to them, and every breach of the convention.
func readModule(t *testing.T) moduleSource {
	t.Helper()
	root := moduleRoot(t)
	src := moduleSource{used: map[string]bool{}}
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if path != root && (strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") || name == "testdata" || name == "node_modules") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		dir, _ := filepath.Rel(root, filepath.Dir(path))
		src.readFile(fset, f, filepath.ToSlash(dir))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(src.decls) == 0 {
		t.Fatal("no constant of type messages.Key in the module: is the module root right?")
	}
	return src
}

// moduleRoot is the directory of go.mod above this package.
func moduleRoot(t *testing.T) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("go.mod not found above the package")
		}
		dir = parent
	}
}

// readFile reads one file into src.
func (src *moduleSource) readFile(fset *token.FileSet, f *ast.File, dir string) {
	inMessages := dir == "internal/messages"
	// pkgName is the name the file imports this package by; "" when it does not.
	pkgName := ""
	for _, imp := range f.Imports {
		if p, _ := strconv.Unquote(imp.Path.Value); p == thisPackage {
			pkgName = "messages"
			if imp.Name != nil {
				pkgName = imp.Name.Name
			}
		}
	}
	isKeyType := func(e ast.Expr) bool {
		switch e := e.(type) {
		case *ast.Ident:
			return inMessages && e.Name == "Key"
		case *ast.SelectorExpr:
			x, ok := e.X.(*ast.Ident)
			return ok && pkgName != "" && x.Name == pkgName && e.Sel.Name == "Key"
		}
		return false
	}
	at := func(n ast.Node) string {
		p := fset.Position(n.Pos())
		return filepath.ToSlash(filepath.Join(dir, filepath.Base(p.Filename))) + ":" + strconv.Itoa(p.Line)
	}
	// declNames and keyValues are the parts of the key constants' declarations, which are not
	// references and not stray key literals.
	declNames := map[*ast.Ident]bool{}
	keyValues := map[*ast.BasicLit]bool{}
	ast.Inspect(f, func(n ast.Node) bool {
		spec, ok := n.(*ast.ValueSpec)
		if !ok || spec.Type == nil || !isKeyType(spec.Type) {
			return true
		}
		for i, name := range spec.Names {
			declNames[name] = true
			if i >= len(spec.Values) {
				src.problems = append(src.problems, at(name)+": "+name.Name+" is a messages.Key without a value")
				continue
			}
			lit, ok := spec.Values[i].(*ast.BasicLit)
			value, err := strconv.Unquote(litValue(lit))
			if !ok || lit.Kind != token.STRING || err != nil {
				src.problems = append(src.problems, at(name)+": "+name.Name+" must be a string literal: a key is written out where it is declared")
				continue
			}
			keyValues[lit] = true
			src.decls = append(src.decls, keyDecl{key: Key(value), name: name.Name, dir: dir, pos: at(name)})
		}
		return true
	})
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.Ident:
			if !declNames[n] {
				src.used[dir+"\x00"+n.Name] = true
			}
		case *ast.SelectorExpr:
			src.used["\x00"+n.Sel.Name] = true
		case *ast.BasicLit:
			if n.Kind != token.STRING || keyValues[n] {
				return true
			}
			if value, err := strconv.Unquote(n.Value); err == nil && English.texts[Key(value)] != "" {
				src.problems = append(src.problems, at(n)+": the key "+n.Value+" is written outside a constant of type messages.Key")
			}
		case *ast.CallExpr:
			src.checkCall(n, pkgName, inMessages, at)
		}
		return true
	})
}

// litValue is a literal's source text, or "" for a value that is no literal.
func litValue(lit *ast.BasicLit) string {
	if lit == nil {
		return ""
	}
	return lit.Value
}

// apperrKeyArg is, per visible-error constructor of internal/apperr, which argument is the key.
var apperrKeyArg = map[string]int{"E": 1, "Wrap": 2, "InvalidFields": 0, "Field": 1}

// checkCall finds calls that would hide a key from these tests: a conversion to Key, which makes
// keys at run time, and a message looked up (….T) or a visible error built from a literal instead
// of a key constant (a string literal converts to Key without a word from the compiler). It also
// finds visible errors of code Internal, which no one sees: those are apperr.Internalf.
func (src *moduleSource) checkCall(call *ast.CallExpr, pkgName string, inMessages bool, at func(ast.Node) string) {
	sel, _ := call.Fun.(*ast.SelectorExpr)
	var x *ast.Ident
	if sel != nil {
		x, _ = sel.X.(*ast.Ident)
	}
	switch {
	case sel != nil && sel.Sel.Name == "T" && len(call.Args) > 0:
		if lit, ok := call.Args[0].(*ast.BasicLit); ok && lit.Kind == token.STRING {
			src.problems = append(src.problems, at(call)+": T is given the literal "+lit.Value+"; give it a key constant")
		}
	case !inMessages && x != nil && pkgName != "" && x.Name == pkgName && sel.Sel.Name == "Key":
		src.problems = append(src.problems, at(call)+": messages.Key(…) makes a key at run time; declare it as a constant instead")
	case x != nil && x.Name == "apperr":
		i, ok := apperrKeyArg[sel.Sel.Name]
		if !ok || i >= len(call.Args) {
			return
		}
		if lit, ok := call.Args[i].(*ast.BasicLit); ok && lit.Kind == token.STRING {
			src.problems = append(src.problems, at(call)+": apperr."+sel.Sel.Name+" is given the text "+lit.Value+"; give it a key constant")
		}
		if sel.Sel.Name == "E" || sel.Sel.Name == "Wrap" {
			if code, ok := call.Args[0].(*ast.SelectorExpr); ok && code.Sel.Name == "Internal" {
				src.problems = append(src.problems, at(call)+": an Internal error is never shown; use apperr.Internalf or apperr.WrapInternalf")
			}
		}
	}
}
