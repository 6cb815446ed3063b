package httpapi

import (
	"context"
	"net/http"
	"time"

	"wayfinder/internal/auth"
	"wayfinder/internal/backoffice"
	"wayfinder/internal/csvsafe"
	"wayfinder/internal/waitlist"
)

// Waitlist keeps the Android waitlist (waitlist.Service): members join and leave it, and staff read
// it and download it, each read audited. Its rules and their messages are the service's.
type Waitlist interface {
	Entry(ctx context.Context, userID string) (waitlist.Entry, bool, error)
	Join(ctx context.Context, userID string, r waitlist.Request) (waitlist.Entry, error)
	Leave(ctx context.Context, userID string) error
	List(ctx context.Context, actor backoffice.Actor, after *waitlist.Cursor) (waitlist.Page, error)
	Export(ctx context.Context, actor backoffice.Actor) ([]waitlist.Entry, error)
}

// myWaitlistJSON is the caller's place on the Android waitlist (AndroidWaitlistStatus in
// openapi.json): {"joined":false}, or joined with the address and when.
type myWaitlistJSON struct {
	Joined   bool       `json:"joined"`
	Email    string     `json:"email,omitempty"`
	JoinedAt *time.Time `json:"joinedAt,omitempty"`
}

// myWaitlistOf is the JSON of a member's entry, or of none.
func myWaitlistOf(e waitlist.Entry, joined bool) myWaitlistJSON {
	if !joined {
		return myWaitlistJSON{}
	}
	at := e.JoinedAt.UTC()
	return myWaitlistJSON{Joined: true, Email: e.Email, JoinedAt: &at}
}

// joinWaitlistRequest is the body of PUT /api/user/me/android-waitlist.
type joinWaitlistRequest struct {
	Email   string `json:"email"`
	Consent bool   `json:"consent"`
}

// myWaitlist answers GET /api/user/me/android-waitlist: whether the caller is on the waitlist.
func (s *server) myWaitlist(w http.ResponseWriter, r *http.Request) {
	p, _ := auth.FromContext(r.Context())
	e, joined, err := s.waitlist.Entry(r.Context(), p.User.ID)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, myWaitlistOf(e, joined))
}

// joinWaitlist answers PUT /api/user/me/android-waitlist: the caller joins the waitlist, or changes
// the address on it, and gets their place back. A refused request changes nothing.
func (s *server) joinWaitlist(w http.ResponseWriter, r *http.Request) {
	p, _ := auth.FromContext(r.Context())
	var req joinWaitlistRequest
	if err := decodeJSON(r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	e, err := s.waitlist.Join(r.Context(), p.User.ID, waitlist.Request{Email: req.Email, Consent: req.Consent})
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, myWaitlistOf(e, true))
}

// leaveWaitlist answers DELETE /api/user/me/android-waitlist: 204, whether or not the caller was on it.
func (s *server) leaveWaitlist(w http.ResponseWriter, r *http.Request) {
	p, _ := auth.FromContext(r.Context())
	if err := s.waitlist.Leave(r.Context(), p.User.ID); err != nil {
		s.writeError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

type staffWaitlistEntryJSON struct {
	Email    string `json:"email"`
	JoinedAt string `json:"joinedAt"`
}

type staffWaitlistJSON struct {
	Count   int                      `json:"count"`
	Entries []staffWaitlistEntryJSON `json:"entries"`
	Next    *string                  `json:"next"`
}

// waitlistCursorText writes a waitlist page's cursor as a token.
func waitlistCursorText(c *waitlist.Cursor) *string {
	if c == nil {
		return nil
	}
	return cursorToken(c.JoinedAt, c.UserID)
}

// parseWaitlistCursor reads a waitlist page's cursor from a token.
func parseWaitlistCursor(token string) (*waitlist.Cursor, error) {
	at, id, ok, err := parseCursorToken(token)
	if !ok {
		return nil, err
	}
	return &waitlist.Cursor{JoinedAt: at, UserID: id}, nil
}

// staffWaitlist answers GET /api/staff/android-waitlist: how many members are on the waitlist, and
// a page of them, newest first. Each page read is written to the audit log.
func (s *server) staffWaitlist(w http.ResponseWriter, r *http.Request) {
	after, err := parseWaitlistCursor(r.URL.Query().Get("after"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	page, err := s.waitlist.List(r.Context(), actorOf(r), after)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	out := staffWaitlistJSON{Count: page.Count, Entries: make([]staffWaitlistEntryJSON, 0, len(page.Entries)), Next: waitlistCursorText(page.Next)}
	for _, e := range page.Entries {
		out.Entries = append(out.Entries, staffWaitlistEntryJSON{Email: e.Email, JoinedAt: stamp(e.JoinedAt)})
	}
	writeJSON(w, http.StatusOK, out)
}

// waitlistCSVHeader names the columns of the waitlist's download. It holds the address, when the
// member joined and the consent they gave, and never anything they answered in the survey.
var waitlistCSVHeader = []string{"email", "joined_at", "consent_version"}

// staffWaitlistExport answers GET /api/staff/android-waitlist/export: the whole waitlist as a CSV
// file to download, newest first, the download written to the audit log. Every cell is guarded
// against formulas (csvsafe), since an address is the member's own text and a spreadsheet would run
// one that starts with "=".
func (s *server) staffWaitlistExport(w http.ResponseWriter, r *http.Request) {
	entries, err := s.waitlist.Export(r.Context(), actorOf(r))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeCSV(w, r, s, brandFileName(s.brand, "android-waitlist", time.Now(), "csv"), func(cw *csvsafe.Writer) {
		_ = cw.Write(waitlistCSVHeader)
		for _, e := range entries {
			_ = cw.Write([]string{e.Email, e.JoinedAt.UTC().Format(time.RFC3339), e.ConsentVersion})
		}
	})
}
