package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/url"
	"strings"

	"wayfinder/internal/coaching"
	"wayfinder/internal/httpapi"
)

// demoCoaches are the coaches --demo (make run) keeps in the database, so the chooser has people in
// it on a fresh machine. They are illustrative, not real coaches; their portraits and Maya's intro
// video ship with the app (web/public/media/coaches). Dev's video is on Vimeo, to show that player.
var demoCoaches = []coaching.Coach{
	{
		ID: "maya", FirstName: "Maya", LastName: "Reyes", Nickname: "Maya",
		AvatarURL: "/media/coaches/maya.svg", IntroVideoURL: "/media/coaches/maya-intro.mp4", CaptionsURL: "/media/coaches/maya-intro.vtt",
		OneLiner: "Routines that fit your real life, not a perfect one.",
		Tags:     "Time management, Procrastination, Accountability, Warm, Encouraging",
		Timezone: "America/New_York",
		Description: "Maya has coached adults with ADHD for twelve years, many of them parents juggling work and family. " +
			"She helps you build small routines that survive a bad week, and she checks in so plans turn into habits. " +
			"Before coaching she was a teacher, and she still loves a good checklist. " +
			"Members say she makes them feel capable, not behind.",
		Active: true, Capacity: 25,
	},
	{
		ID: "dev", FirstName: "Dev", LastName: "Patel", Nickname: "Dev",
		AvatarURL: "/media/coaches/dev.svg", IntroVideoURL: "https://vimeo.com/76979871",
		OneLiner: "Clear goals, simple systems, steady progress.",
		Tags:     "Focus, Organization, Goal setting, Direct, Practical",
		Timezone: "America/Chicago",
		Description: "Dev worked as a software project manager before training as an ADHD coach. " +
			"He is direct and practical: together you set one clear goal at a time and build a simple system to reach it. " +
			"He is good with work deadlines, cluttered inboxes and long to-do lists. " +
			"He has ADHD himself and knows which tricks actually help.",
		Active: true, Capacity: 20,
	},
	{
		ID: "lena", FirstName: "Lena", LastName: "Okafor", Nickname: "Lena",
		AvatarURL: "/media/coaches/lena.svg",
		OneLiner:  "Kindness first, then a plan.",
		Tags:      "Emotional regulation, Relationships, Check-ins, Calm, Patient",
		Timezone:  "America/Los_Angeles",
		Description: "Lena’s background is in counseling, and she coaches adults who feel overwhelmed by strong feelings or strained relationships. " +
			"She helps you notice what sets you off, recover faster and talk about ADHD with the people close to you. " +
			"Her regular check-ins are short and gentle. " +
			"She works with you at your pace.",
		Active: true, Capacity: 15,
	},
	{
		ID: "marcus", FirstName: "Marcus", LastName: "Bell", Nickname: "Marcus",
		AvatarURL: "/media/coaches/marcus.svg",
		OneLiner:  "Understand your brain, then work with it.",
		Tags:      "ADHD education, Memory, Organization, Steady, Thoughtful",
		Timezone:  "America/Denver",
		Description: "Marcus was diagnosed with ADHD at 45 and has coached for the fifteen years since. " +
			"He explains what is going on in an ADHD brain in plain words, so you can stop blaming yourself and start designing around it. " +
			"He is known for memory aids and home systems that need almost no upkeep. " +
			"Many of his members are returning to study or changing careers.",
		Active: true, Capacity: 20,
	},
	{
		ID: "aiko", FirstName: "Aiko", LastName: "Tanaka", Nickname: "Aiko",
		AvatarURL: "/media/coaches/aiko.svg",
		OneLiner:  "Energy is a strength. Let’s aim it.",
		Tags:      "Restlessness, Focus, Check-ins, Playful, Energetic",
		Timezone:  "America/Phoenix",
		Description: "Aiko coaches adults whose restlessness gets in the way at work and at home. " +
			"She brings movement, timers and a sense of humor to every session, and turns focus into something you practice rather than force. " +
			"Short, frequent check-ins keep the momentum going. " +
			"She was a dancer before she became a coach.",
		Active: true, Capacity: 18,
	},
	{
		ID: "sam", FirstName: "Sam", LastName: "Ortiz", Nickname: "Sam",
		AvatarURL: "/media/coaches/sam.svg",
		OneLiner:  "Start small, start today.",
		Tags:      "Procrastination, Goal setting, Emotional regulation, Curious, Upbeat",
		Timezone:  "America/New_York",
		Description: "Sam helps people get unstuck. " +
			"If starting is the hardest part for you, Sam breaks big tasks into first steps small enough to begin today, and helps you go easy on yourself when a day goes sideways. " +
			"Sam coaches many students and people early in their careers. " +
			"Sessions are upbeat, curious and never judgmental.",
		Active: true, Capacity: 20,
	},
}

// coachStore is what storing coaches needs of the database (sqlstore.DB).
type coachStore interface {
	UpsertCoach(context.Context, coaching.Coach) (coaching.Coach, error)
}

// seedDemoCoaches stores the demo coaches, updating them on every start so the media addresses follow
// the public URL.
func seedDemoCoaches(ctx context.Context, store coachStore, publicURL *url.URL) error {
	_, err := storeCoaches(ctx, store, demoCoaches, publicURL)
	return err
}

// storeCoaches checks every coach first, so a file with one mistake changes nothing, then adds or
// updates each one. Addresses of media on this site ("/media/…") are made absolute against the
// public URL, because the iOS app reads them too.
func storeCoaches(ctx context.Context, store coachStore, coaches []coaching.Coach, publicURL *url.URL) ([]coaching.Coach, error) {
	var problems []string
	for i, c := range coaches {
		if err := c.Check(); err != nil {
			problems = append(problems, fmt.Sprintf("coach %d (%s): %s", i+1, c.ID, describe(err)))
		}
	}
	if len(problems) > 0 {
		return nil, errors.New(strings.Join(problems, "\n"))
	}
	stored := make([]coaching.Coach, 0, len(coaches))
	for _, c := range coaches {
		for _, u := range []*string{&c.AvatarURL, &c.IntroVideoURL, &c.CaptionsURL} {
			if ref, err := url.Parse(*u); err == nil && *u != "" {
				*u = publicURL.ResolveReference(ref).String()
			}
		}
		saved, err := store.UpsertCoach(ctx, c)
		if err != nil {
			return stored, fmt.Errorf("storing the coach %s %s: %s", c.FirstName, c.LastName, describe(err))
		}
		stored = append(stored, saved)
	}
	return stored, nil
}

// coachFile is the JSON `wayfinder coaches import` reads: each coach's profile, as GET
// /api/chat/list_coaches names it, plus whether the coach takes new members and how many members
// they take at most.
type coachFile struct {
	Coaches []struct {
		httpapi.CoachProfile
		Active   *bool `json:"active"`
		Capacity *int  `json:"capacity"`
	} `json:"coaches"`
}

// coachesCommand runs `wayfinder coaches import`: an operator's way to add coaches, or change them,
// from a JSON file on standard input, until staff manage them in the back office. A coach with an
// existing coachId is updated.
func coachesCommand(ctx context.Context, args []string, getenv func(string) string, stdin io.Reader, stdout, stderr io.Writer) error {
	if len(args) == 0 || args[0] != "import" {
		return errors.New("usage: wayfinder coaches import [flags] < coaches.json (the Coaches section of README.md shows the format)")
	}
	cfg, err := loadConfig("coaches import", args[1:], getenv, stderr)
	if err != nil {
		return err
	}
	dec := json.NewDecoder(io.LimitReader(stdin, 10<<20))
	dec.DisallowUnknownFields()
	var file coachFile
	if err := dec.Decode(&file); err != nil {
		return fmt.Errorf("reading the coaches from standard input: %w", err)
	}
	coaches := make([]coaching.Coach, len(file.Coaches))
	for i, f := range file.Coaches {
		// An id is required, so importing the same file again updates these coaches, never copies them.
		if f.CoachID == "" {
			return fmt.Errorf("coach %d (%s %s): give a \"coachId\", such as %q", i+1, f.FirstName, f.LastName, strings.ToLower(f.FirstName))
		}
		if f.Active == nil || f.Capacity == nil {
			return fmt.Errorf("coach %d (%s %s): give \"active\" and \"capacity\" explicitly", i+1, f.FirstName, f.LastName)
		}
		coaches[i] = f.Coach(*f.Active, *f.Capacity)
	}
	db, err := openDatabase(ctx, cfg, true)
	if err != nil {
		return err
	}
	defer db.Close()
	if cfg.PublicURL == nil {
		addr, err := net.ResolveTCPAddr("tcp", cfg.Listen)
		if err != nil {
			return fmt.Errorf("WAYFINDER_LISTEN (--listen): %w", err)
		}
		cfg.WithListener(addr)
	}
	stored, err := storeCoaches(ctx, db, coaches, cfg.PublicURL)
	for _, c := range stored {
		state := "takes new members"
		if !c.Active {
			state = "takes no new members"
		}
		fmt.Fprintf(stdout, "Stored %s %s (coachId %s): %s, up to %d.\n", c.FirstName, c.LastName, c.ID, state, c.Capacity)
	}
	return err
}
