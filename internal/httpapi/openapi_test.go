package httpapi

import (
	"bytes"
	"fmt"
	"mime"
	"net/http"
	"net/http/httptest"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/santhosh-tekuri/jsonschema/v6"

	"wayfinder/internal/billing"
	"wayfinder/internal/stripepay"
)

// openAPIURL names the embedded OpenAPI document for the schema compiler; it is never fetched.
const openAPIURL = "https://wayfinder.invalid/openapi.json"

// openAPISpec is the embedded OpenAPI document, read once, with its schemas compiled as the tests
// ask for them.
var openAPISpec = sync.OnceValue(func() *openAPIChecker {
	resource, err := jsonschema.UnmarshalJSON(bytes.NewReader(openAPIDocument))
	if err != nil {
		panic("openapi.json is not valid JSON: " + err.Error())
	}
	doc, ok := resource.(map[string]any)
	if !ok {
		panic("openapi.json is not a JSON object")
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	c.AssertFormat()
	if err := c.AddResource(openAPIURL, resource); err != nil {
		panic(err)
	}
	return &openAPIChecker{doc: doc, compiler: c, schemas: map[string]*jsonschema.Schema{}}
})

type openAPIChecker struct {
	doc      map[string]any
	mu       sync.Mutex
	compiler *jsonschema.Compiler
	schemas  map[string]*jsonschema.Schema
}

// at returns the value at a JSON pointer of the document, following a $ref there, and the pointer
// of where it was found.
func (o *openAPIChecker) at(pointer string) (any, string) {
	var v any = o.doc
	for _, token := range strings.Split(strings.TrimPrefix(pointer, "/"), "/") {
		m, ok := v.(map[string]any)
		if !ok {
			return nil, pointer
		}
		if v, ok = m[pointerUnescaper.Replace(token)]; !ok {
			return nil, pointer
		}
	}
	if m, ok := v.(map[string]any); ok {
		if ref, ok := m["$ref"].(string); ok {
			return o.at(strings.TrimPrefix(ref, "#"))
		}
	}
	return v, pointer
}

// validate checks a JSON body against the schema at pointer.
func (o *openAPIChecker) validate(pointer string, body []byte) error {
	o.mu.Lock()
	s, ok := o.schemas[pointer]
	if !ok {
		var err error
		if s, err = o.compiler.Compile(openAPIURL + "#" + pointer); err != nil {
			o.mu.Unlock()
			return err
		}
		o.schemas[pointer] = s
	}
	o.mu.Unlock()
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(body))
	if err != nil {
		return err
	}
	return s.Validate(v)
}

// The escapes of a JSON pointer's tokens (RFC 6901).
var (
	pointerEscaper   = strings.NewReplacer("~", "~0", "/", "~1")
	pointerUnescaper = strings.NewReplacer("~1", "/", "~0", "~")
)

func pointerToken(s string) string {
	return pointerEscaper.Replace(s)
}

// errorReporter is the part of testing.T that checkOpenAPI reports to.
type errorReporter interface {
	Helper()
	Errorf(format string, args ...any)
}

// checkOpenAPI fails the test when an API exchange is not the one the OpenAPI document describes:
// the route or the status is not there, or the answer's body does not fit its schema. A request the
// server accepted must fit the document's request schema too.
func checkOpenAPI(t errorReporter, method, target, requestBody string, w *httptest.ResponseRecorder) {
	t.Helper()
	o := openAPISpec()
	path, _, _ := strings.Cut(target, "?")
	pathPointer := "/paths/" + pointerToken(documentedPath(o.doc, path))
	if item, _ := o.at(pathPointer); item == nil {
		if w.Code != http.StatusNotFound {
			t.Errorf("OpenAPI: %s is not documented, yet answered %d", path, w.Code)
		}
		return
	}
	docMethod := strings.ToLower(method)
	if method == http.MethodHead {
		docMethod = "get"
	}
	opPointer := pathPointer + "/" + docMethod
	if op, _ := o.at(opPointer); op == nil {
		if w.Code != http.StatusMethodNotAllowed {
			t.Errorf("OpenAPI: %s %s is not documented, yet answered %d", method, path, w.Code)
		}
		return
	}
	response, responsePointer := o.at(opPointer + "/responses/" + strconv.Itoa(w.Code))
	if response == nil {
		t.Errorf("OpenAPI: %s %s does not document the status %d it answered", method, path, w.Code)
		return
	}
	if content, ok := response.(map[string]any)["content"].(map[string]any); ok && method != http.MethodHead {
		mediaType, _, _ := mime.ParseMediaType(w.Header().Get("Content-Type"))
		if _, ok := content[mediaType]; !ok {
			t.Errorf("OpenAPI: %s %s %d answered %q, which the document does not list", method, path, w.Code, mediaType)
		} else if !strings.HasSuffix(mediaType, "json") {
			// An image or another body that is not JSON: its media type is what the document says.
		} else if err := o.validate(responsePointer+"/content/"+pointerToken(mediaType)+"/schema", w.Body.Bytes()); err != nil {
			t.Errorf("OpenAPI: the answer to %s %s (%d) does not fit the document: %v\nbody: %s", method, path, w.Code, err, w.Body.String())
		}
	} else if w.Body.Len() > 0 && method != http.MethodHead {
		t.Errorf("OpenAPI: %s %s %d documents no body, yet answered %s", method, path, w.Code, w.Body.String())
	}
	if w.Code < 300 && requestBody != "" {
		if err := o.validate(opPointer+"/requestBody/content/application~1json/schema", []byte(requestBody)); err != nil {
			t.Errorf("OpenAPI: the server accepted a request to %s %s that the document refuses: %v\nbody: %s", method, path, err, requestBody)
		}
	}
}

// TestOpenAPIDocumentsEveryRoute checks that the document and routes.go list the same API routes.
func TestOpenAPIDocumentsEveryRoute(t *testing.T) {
	ts := newTestServer(t)
	ts.withBilling(t, stripepay.NewTestMode(testWebhookSecret), billing.Variant{Enabled: true}) // every billing route, the test mode's too
	deps := ts.deps
	deps.Registry = prometheus.NewRegistry() // the test server's handler has registered its metrics there
	_, rt, err := newServer(deps)
	if err != nil {
		t.Fatal(err)
	}
	var routed []string
	for path, methods := range rt.methods {
		if !strings.HasPrefix(path, "/api/") {
			continue
		}
		for _, m := range methods {
			if m != http.MethodHead {
				routed = append(routed, m+" "+path)
			}
		}
	}
	var documented []string
	for path, item := range openAPISpec().doc["paths"].(map[string]any) {
		for m := range item.(map[string]any) {
			if slices.Contains([]string{"get", "put", "post", "delete", "patch"}, m) {
				documented = append(documented, strings.ToUpper(m)+" "+path)
			}
		}
	}
	sort.Strings(routed)
	sort.Strings(documented)
	if !slices.Equal(routed, documented) {
		t.Errorf("API routes = %v\nOpenAPI operations = %v", routed, documented)
	}
}

func TestOpenAPIDocumentIsServed(t *testing.T) {
	ts := newTestServer(t)
	w, _ := ts.scenario(t, "", "GET", "/api/openapi.json", "", nil, http.StatusOK)
	if !bytes.Equal(w.Body.Bytes(), openAPIDocument) {
		t.Error("GET /api/openapi.json is not the embedded document")
	}
	if got := w.Header().Get("Cache-Control"); got != "no-cache" {
		t.Errorf("Cache-Control = %q, want no-cache", got)
	}
	ts.scenario(t, "", "GET", "/api/openapi.json", "", map[string]string{"If-None-Match": w.Header().Get("ETag")}, http.StatusNotModified)
}

// TestOpenAPICheckerCatchesDrift makes sure the check the scenario tests rely on does fail: an
// undocumented status, an answer with a field too many or missing, and an accepted request the
// document refuses.
// failures keeps what checkOpenAPI reports, to test the check itself.
type failures struct{ messages []string }

func (f *failures) Helper() {}
func (f *failures) Errorf(format string, args ...any) {
	f.messages = append(f.messages, fmt.Sprintf(format, args...))
}

func TestOpenAPICheckerCatchesDrift(t *testing.T) {
	answer := func(status int, contentType, body string) *httptest.ResponseRecorder {
		w := httptest.NewRecorder()
		w.Header().Set("Content-Type", contentType)
		w.WriteHeader(status)
		w.WriteString(body)
		return w
	}
	tests := []struct {
		name, method, path, request string
		w                           *httptest.ResponseRecorder
	}{
		{"undocumented status", "GET", "/api/user/me", "", answer(418, "application/problem+json", `{"type":"about:blank","title":"x","status":418}`)},
		{"extra field", "GET", "/api/chat/list_coaches", "", answer(200, "application/json", `{"coaches":[],"next":1}`)},
		{"missing field", "PUT", "/api/chat/me_switch_coach", `{"coachId":"tess"}`, answer(200, "application/json", `{"coachId":"tess"}`)},
		{"wrong type", "GET", "/api/onboarding/survey", "", answer(200, "application/json", `{"answers":[],"resumeAt":"","score":"4","highLikelihood":true}`)},
		{"undocumented media type", "GET", "/api/user/me", "", answer(200, "text/plain", `hello`)},
		{"accepted request the document refuses", "PUT", "/api/onboarding/survey", `{"fromSlug":"fidget","data":[],"utm":{"utm_source":7}}`, answer(204, "", "")},
		{"undocumented route", "GET", "/api/admin", "", answer(200, "application/json", `{}`)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			probe := &failures{}
			checkOpenAPI(probe, tt.method, tt.path, tt.request, tt.w)
			if len(probe.messages) == 0 {
				t.Error("checkOpenAPI passed; want a failure")
			}
		})
	}
}

// documentedPath returns the document's path that path is an instance of: itself, or a templated
// path such as /api/staff/members/{userId} whose every {parameter} matches one segment.
func documentedPath(doc map[string]any, path string) string {
	paths, _ := doc["paths"].(map[string]any)
	if _, ok := paths[path]; ok {
		return path
	}
	segments := strings.Split(path, "/")
	for template := range paths {
		parts := strings.Split(template, "/")
		if len(parts) != len(segments) || !strings.Contains(template, "{") {
			continue
		}
		match := true
		for i, p := range parts {
			if !(strings.HasPrefix(p, "{") && strings.HasSuffix(p, "}") && segments[i] != "") && p != segments[i] {
				match = false
				break
			}
		}
		if match {
			return template
		}
	}
	return path
}
