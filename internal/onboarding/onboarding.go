// Package onboarding holds what a member tells Wayfinder during the guided survey: their answers per
// question, the steps they have moved through, and the campaign (UTM) values they arrived with.
package onboarding

import (
	"time"

	"wayfinder/internal/survey"
)

// StoredAnswers is an answer record as kept: the latest state of a question, or one past state of it
// in the history, with the time it was recorded.
type StoredAnswers struct {
	QuestionSlug string
	Answers      []survey.Answer
	UpdatedAt    time.Time
}

// ProgressEvent records that a member moved on from a survey step, so staff can see where people stop.
type ProgressEvent struct {
	UserID   string
	FromSlug string
	At       time.Time
}

// UTM holds the campaign values a member arrived with. Only these nine keys are ever stored.
type UTM struct {
	Source   string `json:"utm_source"`
	Medium   string `json:"utm_medium"`
	Campaign string `json:"utm_campaign"`
	AdID     string `json:"utm_adid"`
	AdGroup  string `json:"utm_adgroup"`
	Term     string `json:"utm_term"`
	Content  string `json:"utm_content"`
	GCLID    string `json:"gclid"`
	Coupon   string `json:"coupon"`
}

// IsZero reports whether no campaign value is set, in which case there is nothing to record.
func (u UTM) IsZero() bool {
	return u == UTM{}
}

// UTMRecord is a member's first and latest campaign touch. First is kept for good once set; Latest is
// replaced by every later touch.
type UTMRecord struct {
	First    UTM
	Latest   UTM
	FirstAt  time.Time
	LatestAt time.Time
}

// SafetyDisclosure records that a member told us of thoughts of self-harm: the step they said it on
// and when. It is kept apart from their answers, so changing the answers never erases it. A person
// at the service reviews it, leaving a note, and the member's journey stays on the crisis page
// until someone reopens it, at the review or later.
type SafetyDisclosure struct {
	ID           int64
	UserID       string
	QuestionSlug string
	DisclosedAt  time.Time
	ReviewedAt   *time.Time // nil while the disclosure awaits review
	ReviewedBy   string     // the reviewer's email
	ReviewNote   string
	ReopenedAt   *time.Time // nil while the member's journey stays paused
	ReopenedBy   string
}

// PausesJourney reports whether the disclosure keeps the member's journey on the crisis page.
func (d SafetyDisclosure) PausesJourney() bool { return d.ReopenedAt == nil }
