package insights

import (
	"context"
	"encoding/json"
	"log/slog"
	"slices"
	"time"

	"github.com/google/uuid"

	"wayfinder/internal/account"
	"wayfinder/internal/backoffice"
)

// Outbound webhooks: what a member does is written as an event in the same transaction as the
// change itself, with one delivery for each endpoint an admin set up that wants it, and a worker
// (WebhookWorker) sends the deliveries in the background, signed, retrying until each is taken or
// given up. A member's request never waits for the operator's systems, and an event is sent only if
// the change it tells of committed. Delivery is at least once: every event has an id the receiver
// de-duplicates by. docs/webhooks.md is the receiver's side of it.

// EventType names what a member did.
type EventType string

// The events an endpoint may ask for.
const (
	// EventSignedUp: a member's account was made (the embedded sign-up page, or their first
	// sign-in from an external identity provider). Their name usually comes later, on the survey's
	// first step.
	EventSignedUp EventType = "member.signed_up"
	// EventSurveyCompleted: the member answered every step the survey needs, the first time only.
	EventSurveyCompleted EventType = "member.survey_completed"
	// EventCoachChosen: the member has a new coach, chosen by them or switched by staff.
	EventCoachChosen EventType = "member.coach_chosen"
	// EventPaid: a plan of the member's became paid (or began its free trial), once for each
	// subscription.
	EventPaid EventType = "member.paid"
	// EventDeleted: the member closed their account; the event carries their email and name from
	// just before they went, so the receiver can remove them too.
	EventDeleted EventType = "member.deleted"
)

// EventTypes are every event type, in the order of a member's journey.
var EventTypes = []EventType{EventSignedUp, EventSurveyCompleted, EventCoachChosen, EventPaid, EventDeleted}

// Known reports whether t is one of EventTypes.
func (t EventType) Known() bool { return slices.Contains(EventTypes, t) }

// Endpoint is an address of the operator's that events are sent to. Its secret, which signs every
// delivery, is kept apart: the store seals it, and only the worker and the admin who made it see it.
type Endpoint struct {
	ID          string
	URL         string
	Description string
	Events      []EventType
	// Active says events are sent to it. A paused endpoint is sent nothing new, and what waits for
	// it goes out when it is turned on again.
	Active    bool
	CreatedAt time.Time
	UpdatedAt time.Time
}

// Wants reports whether new events of type t go to the endpoint.
func (e Endpoint) Wants(t EventType) bool { return e.Active && slices.Contains(e.Events, t) }

// Event is one thing a member did, with the JSON body every endpoint is sent.
type Event struct {
	ID        string // a UUID, the same in every delivery and every retry: receivers de-duplicate by it
	Type      EventType
	MemberID  string
	Payload   []byte
	CreatedAt time.Time
}

// DeliveryStatus is where a delivery stands.
type DeliveryStatus string

// The delivery statuses.
const (
	DeliveryPending   DeliveryStatus = "pending"   // waiting for its first or next attempt
	DeliveryDelivered DeliveryStatus = "delivered" // the endpoint answered 2xx
	DeliveryFailed    DeliveryStatus = "failed"    // given up after MaxAge of failed attempts
)

// Delivery is one event sent to one endpoint: the outbox's row.
type Delivery struct {
	ID         string
	EventID    string
	EventType  EventType
	MemberID   string
	EndpointID string
	Status     DeliveryStatus
	// Attempts counts the attempts since the delivery was written, or last sent again.
	Attempts int
	// LastStatus is the endpoint's last HTTP status, 0 when it gave none; LastError says why the
	// last attempt failed, "" when it did not.
	LastStatus    int
	LastError     string
	CreatedAt     time.Time
	NextAttemptAt time.Time
	GiveUpAt      time.Time
	FinishedAt    *time.Time // nil while pending
	// Log is the delivery's attempts, newest first (filled by the lists that show it).
	Log []Attempt
}

// Attempt is one try of a delivery.
type Attempt struct {
	At         time.Time
	StatusCode int // 0 when the endpoint gave no answer
	Duration   time.Duration
	Error      string // "" for a delivery the endpoint took
}

// Claimed is a delivery leased to a worker, with what sending it takes.
type Claimed struct {
	Delivery
	URL        string
	Secret     string
	Payload    []byte
	ClaimToken string
}

// AttemptRecord is what a worker records after an attempt: the attempt for the log, and the
// delivery's new state: delivered, failed (given up), or pending again until NextAttemptAt.
type AttemptRecord struct {
	DeliveryID    string
	ClaimToken    string
	Attempt       Attempt
	Status        DeliveryStatus
	Attempts      int
	NextAttemptAt time.Time
}

// WebhookStore is what webhooks need of the database. Its signatures are those of sqlstore.DB, which
// cmd/wayfinder passes in. Every method joins the transaction its ctx carries, which is how an
// event is written in the transaction of the change it tells of.
type WebhookStore interface {
	// InTx runs fn in one transaction; the store calls fn makes with its ctx are part of it.
	InTx(ctx context.Context, fn func(ctx context.Context) error) error
	UserByID(ctx context.Context, id string) (account.User, error)
	AppendAudit(ctx context.Context, e backoffice.Entry) error
	// ReachMilestone records that the member reached a once-only milestone at at, and reports
	// whether this was the first time.
	ReachMilestone(ctx context.Context, userID, milestone string, at time.Time) (bool, error)

	// WebhookEndpoints returns every endpoint, oldest first; WebhookEndpoint one, or NotFound.
	WebhookEndpoints(ctx context.Context) ([]Endpoint, error)
	WebhookEndpoint(ctx context.Context, id string) (Endpoint, error)
	// CreateWebhookEndpoint stores a new endpoint with its secret, which the store seals.
	CreateWebhookEndpoint(ctx context.Context, e Endpoint, secret string) error
	// UpdateWebhookEndpoint replaces an endpoint's address, description, events and Active, and
	// sets UpdatedAt; NotFound for an unknown one.
	UpdateWebhookEndpoint(ctx context.Context, e Endpoint) error
	// SetWebhookSecret replaces an endpoint's secret at at; NotFound for an unknown one.
	SetWebhookSecret(ctx context.Context, id, secret string, at time.Time) error
	// DeleteWebhookEndpoint removes an endpoint and its deliveries; NotFound for an unknown one.
	DeleteWebhookEndpoint(ctx context.Context, id string) error

	// InsertWebhookEvent stores an event and its pending deliveries.
	InsertWebhookEvent(ctx context.Context, e Event, deliveries []Delivery) error
	// ClaimWebhookDeliveries leases up to limit pending deliveries due at now, to active endpoints,
	// those due longest first, to the caller until until under token, and returns them with their
	// endpoints' addresses and secrets and their events' bodies; none when none is due. A delivery
	// leased to someone else is not due until its lease runs out.
	ClaimWebhookDeliveries(ctx context.Context, now, until time.Time, token string, limit int) ([]Claimed, error)
	// RecordWebhookAttempts logs attempts and sets their deliveries' new states, in one
	// transaction. A retry or a give-up changes a delivery only while it is still leased under the
	// record's token; a delivery the endpoint took is marked delivered whoever held it.
	RecordWebhookAttempts(ctx context.Context, records []AttemptRecord) error
	// WebhookDeliveries returns an endpoint's newest deliveries, at most limit, newest first, each
	// with its attempts; WebhookDelivery one, without them, or NotFound.
	WebhookDeliveries(ctx context.Context, endpointID string, limit int) ([]Delivery, error)
	WebhookDelivery(ctx context.Context, id string) (Delivery, error)
	// ResendWebhookDelivery makes a delivery pending and due at now again, with no attempts yet in
	// this round and until giveUpAt to succeed; its log stays. NotFound for an unknown one.
	ResendWebhookDelivery(ctx context.Context, id string, now, giveUpAt time.Time) error
	// DeleteWebhookEventsOf deletes every event about the member, with its deliveries and their
	// attempts, sent or not, and returns how many events went.
	DeleteWebhookEventsOf(ctx context.Context, memberID string) (int64, error)
	// DeleteFinishedWebhooks deletes the deliveries delivered or given up before cutoff, with
	// their attempts, and the events left with no delivery; it returns how many deliveries went.
	DeleteFinishedWebhooks(ctx context.Context, cutoff time.Time) (int64, error)
}

// DefaultMaxAge is how long a delivery is retried before it is given up: a receiver that is down
// over a long weekend still gets everything once it is back.
const DefaultMaxAge = 72 * time.Hour

// WebhooksConfig configures Webhooks. The zero value of each field picks its default.
type WebhooksConfig struct {
	MaxAge time.Duration    // how long a delivery is retried; DefaultMaxAge
	Now    func() time.Time // the clock; time.Now
	Log    *slog.Logger     // discarded when nil
	Reach  Reach            // the addresses endpoints may have; public ones only when zero
}

// Webhooks writes the events members' changes call for, and runs the admins' set-up of endpoints.
// Emitting only writes to the database, in the caller's transaction; a WebhookWorker sends.
type Webhooks struct {
	store  WebhookStore
	maxAge time.Duration
	now    func() time.Time
	log    *slog.Logger
	reach  Reach
	// wake nudges this process's worker after an event is written, so it goes out within a second
	// instead of at the next poll. It holds one nudge: more would say nothing new.
	wake chan struct{}
}

// NewWebhooks returns the webhooks of store.
func NewWebhooks(store WebhookStore, c WebhooksConfig) *Webhooks {
	if c.MaxAge <= 0 {
		c.MaxAge = DefaultMaxAge
	}
	if c.Now == nil {
		c.Now = time.Now
	}
	if c.Log == nil {
		c.Log = slog.New(slog.DiscardHandler)
	}
	return &Webhooks{store: store, maxAge: c.MaxAge, now: c.Now, log: c.Log, reach: c.Reach, wake: make(chan struct{}, 1)}
}

// milestoneSurveyCompleted is the milestone that makes member.survey_completed a once-only event.
const milestoneSurveyCompleted = "survey_completed"

// MemberSignedUp writes member.signed_up for a member whose account was just made, in the
// transaction that made it. Staff accounts are nobody's business outside.
func (w *Webhooks) MemberSignedUp(ctx context.Context, u account.User) error {
	if u.Role != account.RoleMember {
		return nil
	}
	return w.emitFor(ctx, EventSignedUp, u, eventData{})
}

// SurveyCompleted writes member.survey_completed the first time it is called for a member, and
// does nothing after: the member's milestone is recorded whether or not an endpoint wants the event
// today, so an endpoint added later never hears of an old completion as if it were new. The
// caller has checked that the survey is complete and the journey open.
func (w *Webhooks) SurveyCompleted(ctx context.Context, userID string) error {
	first, err := w.store.ReachMilestone(ctx, userID, milestoneSurveyCompleted, w.now().UTC())
	if err != nil || !first {
		return err
	}
	return w.emit(ctx, EventSurveyCompleted, userID, eventData{})
}

// CoachChosen writes member.coach_chosen for a member's new coach: chosen by the member, or
// switched by staff (byStaff), which the event says, since a CRM may greet the two differently.
func (w *Webhooks) CoachChosen(ctx context.Context, userID, coachID string, byStaff bool) error {
	by := "member"
	if byStaff {
		by = "staff"
	}
	return w.emit(ctx, EventCoachChosen, userID, eventData{Coach: &idJSON{ID: coachID}, ChosenBy: by})
}

// MemberPaid writes member.paid for a member whose plan planID just became paid (billing decides
// when that is: once per subscription).
func (w *Webhooks) MemberPaid(ctx context.Context, userID, planID string) error {
	return w.emit(ctx, EventPaid, userID, eventData{Plan: &idJSON{ID: planID}})
}

// MemberDeleted writes member.deleted for u, read just before the account is erased, in the
// transaction that erases it. The member's earlier events go first, sent or still waiting: their
// emails and names are erased with the rest of the account, and a sign-up still waiting cannot
// arrive after the deletion and bring the member back in the receiver's books. The new event
// outlives the member's rows, so the receiver learns whom to remove even though nothing else of
// them is left here.
func (w *Webhooks) MemberDeleted(ctx context.Context, u account.User) error {
	if u.Role != account.RoleMember {
		return nil
	}
	if _, err := w.store.DeleteWebhookEventsOf(ctx, u.ID); err != nil {
		return err
	}
	return w.emitFor(ctx, EventDeleted, u, eventData{})
}

// emit writes an event of type t about the member userID, when an endpoint wants it.
func (w *Webhooks) emit(ctx context.Context, t EventType, userID string, data eventData) error {
	endpoints, err := w.subscribers(ctx, t)
	if err != nil || len(endpoints) == 0 {
		return err
	}
	u, err := w.store.UserByID(ctx, userID)
	if err != nil {
		return err
	}
	return w.write(ctx, t, u, data, endpoints)
}

// emitFor is emit for a member already read.
func (w *Webhooks) emitFor(ctx context.Context, t EventType, u account.User, data eventData) error {
	endpoints, err := w.subscribers(ctx, t)
	if err != nil || len(endpoints) == 0 {
		return err
	}
	return w.write(ctx, t, u, data, endpoints)
}

// subscribers returns the endpoints that want events of type t now.
func (w *Webhooks) subscribers(ctx context.Context, t EventType) ([]Endpoint, error) {
	all, err := w.store.WebhookEndpoints(ctx)
	if err != nil {
		return nil, err
	}
	var want []Endpoint
	for _, e := range all {
		if e.Wants(t) {
			want = append(want, e)
		}
	}
	return want, nil
}

// write stores the event and one delivery to each endpoint, and nudges the worker.
func (w *Webhooks) write(ctx context.Context, t EventType, u account.User, data eventData, endpoints []Endpoint) error {
	now := w.now().UTC()
	e := Event{ID: uuid.NewString(), Type: t, MemberID: u.ID, CreatedAt: now}
	body, err := payloadOf(e, u, data)
	if err != nil {
		return err
	}
	e.Payload = body
	deliveries := make([]Delivery, 0, len(endpoints))
	for _, ep := range endpoints {
		deliveries = append(deliveries, Delivery{
			ID: uuid.NewString(), EventID: e.ID, EventType: t, MemberID: u.ID, EndpointID: ep.ID, Status: DeliveryPending,
			CreatedAt: now, NextAttemptAt: now, GiveUpAt: now.Add(w.maxAge),
		})
	}
	if err := w.store.InsertWebhookEvent(ctx, e, deliveries); err != nil {
		return err
	}
	w.nudge()
	return nil
}

// nudge wakes this process's worker without ever waiting.
func (w *Webhooks) nudge() {
	select {
	case w.wake <- struct{}{}:
	default:
	}
}

// The body of every delivery. Its fields are listed here and nowhere else, and none of them can
// hold an answer, a score, a safety flag, a date of birth, a device or a campaign value: the member
// part is built from the account's id, email, name and sign-up time alone.
type (
	payloadJSON struct {
		ID        string    `json:"id"`
		Type      EventType `json:"type"`
		CreatedAt string    `json:"created_at"`
		Data      eventData `json:"data"`
	}
	eventData struct {
		Member memberJSON `json:"member"`
		// Coach and ChosenBy are member.coach_chosen's; Plan is member.paid's.
		Coach    *idJSON `json:"coach,omitempty"`
		ChosenBy string  `json:"chosen_by,omitempty"`
		Plan     *idJSON `json:"plan,omitempty"`
	}
	memberJSON struct {
		ID         string `json:"id"`
		Email      string `json:"email"`
		FirstName  string `json:"first_name"`
		LastName   string `json:"last_name"`
		SignedUpAt string `json:"signed_up_at"`
	}
	idJSON struct {
		ID string `json:"id"`
	}
)

// timeFormat writes the body's times: RFC 3339 in UTC, to the millisecond, so that a receiver can
// order one member's events.
const timeFormat = "2006-01-02T15:04:05.000Z07:00"

// payloadOf is the JSON body of event e about member u.
func payloadOf(e Event, u account.User, data eventData) ([]byte, error) {
	data.Member = memberJSON{ID: u.ID, Email: u.Email, FirstName: u.FirstName, LastName: u.LastName,
		SignedUpAt: u.CreatedAt.UTC().Format(timeFormat)}
	return json.Marshal(payloadJSON{ID: e.ID, Type: e.Type, CreatedAt: e.CreatedAt.UTC().Format(timeFormat), Data: data})
}
