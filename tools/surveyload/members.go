package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"wayfinder/internal/sqlstore"
	"wayfinder/tools/seedmembers/seed"
)

// budgetSearchP99 is the budget of the staff member list and search over 100k members.
const budgetSearchP99 = 50 * time.Millisecond

// The demo staff and admin accounts `wayfinder serve --demo` creates (cmd/wayfinder/signin.go).
const (
	demoStaffEmail    = "staff@demo.example.com"
	demoStaffPassword = "demo-staff-password"
	demoAdminEmail    = "admin@demo.example.com"
	demoAdminPassword = "demo-admin-password"
)

// searchRounds is how many times the staff's round of requests (searchRound) is measured, after
// warmUpRounds that are not: 40 rounds of 11 are 440 requests.
const (
	searchRounds = 40
	warmUpRounds = 2
)

// searchKind is one kind of request staff make of the member list.
type searchKind struct {
	name    string
	queries []string // taken in turn, one a round
	pages   int      // the first page and then this many more, following next
	matches string   // what the answers must hold: "some", "none" or "" (anything)
}

// searchKinds are the requests of one round: the newest members, page after page; a common first
// name, a few pages deep; a last name hundreds of members share; a rare last name; three letters
// found in thousands of names; a name too short to look within, matched whole; a fragment of an
// email address; a name nobody has. A search that matches few members or none would read through
// the whole list without the search indexes (migration 0008).
var searchKinds = []searchKind{
	{name: "list, 5 pages", queries: []string{""}, pages: 4},
	{name: "common name, 3 pages", queries: []string{"James", "Maria", "Michael", "jennifer", "David"}, pages: 2, matches: "some"},
	{name: "usual last name", queries: []string{"Nguyen", "Tanaka", "Cohen", "whitaker"}, pages: 1, matches: "some"},
	{name: "rare last name", queries: seed.RareLastNames[:6]},
	{name: "three letters", queries: []string{"ann", "son", "ez@", "lee"}, pages: 1, matches: "some"},
	{name: "short name", queries: []string{"Li", "li", "Wu"}},
	{name: "email fragment", queries: []string{"inbox.example.org", "rodriguez.9", "smith12", "@example.net", "kowalski.m"}},
	{name: "matches nobody", queries: []string{"zzqxj", "no.such.member@", "Xylophone", "Featherstonehaugh-Quist"}, matches: "none"},
}

// searchMembers measures GET /api/staff/members against its budget: a fresh database seeded with n
// members, the binary serving it, the demo staff account signed in through the provider's pages,
// and the staff's requests sent one after another, as one person at the staff app sends them.
func searchMembers(ctx context.Context, binary, pgURL string, n int) error {
	dir, err := os.MkdirTemp("", "wayfinder-search-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	name, dsn := "SQLite", filepath.Join(dir, "wayfinder.db")
	if pgURL != "" {
		db, drop, err := throwAwayDatabase(ctx, pgURL)
		if err != nil {
			return err
		}
		defer drop()
		name, dsn = "PostgreSQL", db
	}

	store, err := sqlstore.Open(ctx, dsn)
	if err != nil {
		return err
	}
	seeded, err := seed.Members(ctx, store, seed.Options{Members: n, Seed: 1})
	store.Close()
	if err != nil {
		return err
	}

	srv, err := start(ctx, binary, dsn, nil)
	if err != nil {
		return err
	}
	defer srv.stop()
	cookie, err := signIn(ctx, srv.url, demoStaffEmail, demoStaffPassword, false)
	if err != nil {
		return fmt.Errorf("signing in as staff: %w", err)
	}

	client := &http.Client{Timeout: 30 * time.Second}
	byKind := make([][]time.Duration, len(searchKinds))
	for round := range warmUpRounds + searchRounds {
		for k, kind := range searchKinds {
			q := kind.queries[round%len(kind.queries)]
			after := ""
			for page := 0; page <= kind.pages; page++ {
				took, next, rows, err := getMembers(ctx, client, srv.url, cookie, q, after)
				if err != nil {
					return err
				}
				if page == 0 && (kind.matches == "some" && rows == 0 || kind.matches == "none" && rows > 0) {
					return fmt.Errorf("searching the members for %q found %d, which the seeded members cannot give", q, rows)
				}
				if round >= warmUpRounds {
					byKind[k] = append(byKind[k], took)
				}
				if next == "" {
					break
				}
				after = next
			}
		}
	}

	all := slices.Concat(byKind...)
	slices.Sort(all)
	fmt.Printf("  GET staff members on %s, %d members seeded in %.1f s (%d rows), %d requests one after another as staff:\n",
		name, seeded.Members, seeded.Elapsed.Seconds(), seeded.Rows(), len(all))
	fmt.Printf("    latency               p50 %.1f ms, p95 %.1f ms, p99 %.1f ms, max %.1f ms (budget p99 ≤ %.0f ms) %s\n",
		ms(percentile(all, 0.50)), ms(percentile(all, 0.95)), ms(percentile(all, 0.99)), ms(all[len(all)-1]),
		ms(budgetSearchP99), verdict(percentile(all, 0.99) <= budgetSearchP99))
	for k, kind := range searchKinds {
		l := byKind[k]
		slices.Sort(l)
		fmt.Printf("    %-21s p50 %.1f ms, p95 %.1f ms, p99 %.1f ms, max %.1f ms (%d)\n",
			kind.name, ms(percentile(l, 0.50)), ms(percentile(l, 0.95)), ms(percentile(l, 0.99)), ms(l[len(l)-1]), len(l))
	}
	return measureReports(ctx, client, srv.url, cookie, name, seeded)
}

// budgetFunnelP95 is the budget of the sign-up funnel over a million progress events.
const budgetFunnelP95 = 300 * time.Millisecond

// reportRounds is how many times each report is measured, after warmUpRounds that are not.
const reportRounds = 20

// reportKinds are the staff's reports over the seeded members: the whole year's funnel, the same
// narrowed by campaign source and by device, and the campaigns. The seeded members signed up in
// the year before today.
var reportKinds = []struct{ name, path string }{
	{"funnel, the year", "/api/staff/insights/funnel?from=%s"},
	{"funnel, one source", "/api/staff/insights/funnel?from=%s&utm_source=google"},
	{"funnel, iPhone", "/api/staff/insights/funnel?from=%s&device=iphone"},
	{"campaigns, the year", "/api/staff/insights/campaigns?from=%s"},
}

// measureReports measures the staff's reports against the funnel's budget: each report asked for
// one after another as staff, as the insights page does.
func measureReports(ctx context.Context, client *http.Client, base, cookie, name string, seeded seed.Result) error {
	from := time.Now().UTC().AddDate(-1, 0, -1).Format(time.DateOnly)
	fmt.Printf("  Staff reports on %s over the same %d members and %d progress events, one request after another:\n",
		name, seeded.Members, seeded.ProgressEvents)
	for _, kind := range reportKinds {
		var took []time.Duration
		for round := range warmUpRounds + reportRounds {
			req, err := http.NewRequestWithContext(ctx, http.MethodGet, base+fmt.Sprintf(kind.path, from), nil)
			if err != nil {
				return err
			}
			req.Header.Set("Cookie", cookie)
			t0 := time.Now()
			res, err := client.Do(req)
			if err != nil {
				return err
			}
			body, err := io.ReadAll(res.Body)
			res.Body.Close()
			if err != nil {
				return err
			}
			if res.StatusCode != http.StatusOK {
				return fmt.Errorf("GET %s answered %d: %s", kind.path, res.StatusCode, body[:min(len(body), 512)])
			}
			if round >= warmUpRounds {
				took = append(took, time.Since(t0))
			}
		}
		slices.Sort(took)
		fmt.Printf("    %-21s p50 %.1f ms, p95 %.1f ms, max %.1f ms (budget p95 ≤ %.0f ms) %s\n", kind.name,
			ms(percentile(took, 0.50)), ms(percentile(took, 0.95)), ms(took[len(took)-1]), ms(budgetFunnelP95),
			verdict(percentile(took, 0.95) <= budgetFunnelP95))
	}
	return nil
}

// getMembers sends one GET /api/staff/members and returns how long the answer took, its next page
// marker ("" on the last page) and how many members it held.
func getMembers(ctx context.Context, client *http.Client, base, cookie, q, after string) (time.Duration, string, int, error) {
	query := url.Values{}
	if q != "" {
		query.Set("q", q)
	}
	if after != "" {
		query.Set("after", after)
	}
	target := base + "/api/staff/members"
	if len(query) > 0 {
		target += "?" + query.Encode()
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, target, nil)
	if err != nil {
		return 0, "", 0, err
	}
	req.Header.Set("Cookie", cookie)
	t0 := time.Now()
	res, err := client.Do(req)
	if err != nil {
		return 0, "", 0, err
	}
	body, err := io.ReadAll(res.Body)
	res.Body.Close()
	took := time.Since(t0)
	if err != nil {
		return 0, "", 0, err
	}
	if res.StatusCode != http.StatusOK {
		return 0, "", 0, fmt.Errorf("GET %s answered %d: %s", strings.TrimPrefix(target, base), res.StatusCode, body[:min(len(body), 512)])
	}
	var page struct {
		Members []json.RawMessage `json:"members"`
		Next    *string           `json:"next"`
	}
	if err := json.Unmarshal(body, &page); err != nil {
		return 0, "", 0, fmt.Errorf("GET %s: %w", strings.TrimPrefix(target, base), err)
	}
	next := ""
	if page.Next != nil {
		next = *page.Next
	}
	return took, next, len(page.Members), nil
}
