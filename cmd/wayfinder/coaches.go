package main

import (
	"context"
	"fmt"
	"net/url"

	"wayfinder/internal/coaching"
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

// seedDemoCoaches stores the demo coaches, updating them on every start so the media addresses follow
// the public URL. Relative addresses are made absolute because the iOS app reads them too.
func seedDemoCoaches(ctx context.Context, store interface {
	UpsertCoach(context.Context, coaching.Coach) (coaching.Coach, error)
}, publicURL *url.URL) error {
	for _, c := range demoCoaches {
		for _, u := range []*string{&c.AvatarURL, &c.IntroVideoURL, &c.CaptionsURL} {
			if *u == "" {
				continue
			}
			ref, err := url.Parse(*u)
			if err != nil {
				return fmt.Errorf("demo coach %s: %w", c.ID, err)
			}
			*u = publicURL.ResolveReference(ref).String()
		}
		if _, err := store.UpsertCoach(ctx, c); err != nil {
			return fmt.Errorf("storing the demo coach %s: %w", c.ID, err)
		}
	}
	return nil
}
