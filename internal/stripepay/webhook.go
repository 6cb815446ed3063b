package stripepay

import (
	"encoding/json"
	"strconv"
	"strings"
	"time"

	"github.com/stripe/stripe-go/v84/webhook"

	"wayfinder/internal/apperr"
	"wayfinder/internal/billing"
)

// Tolerance is how old a signed event may be: Stripe's own default. An older signature is refused,
// so a captured delivery cannot be replayed later.
const Tolerance = 5 * time.Minute

// Webhook checks and reads the events Stripe sends.
type Webhook struct {
	Secret string // the endpoint's signing secret (whsec_…)
}

// Event checks the Stripe-Signature header against the payload and reads the event. Anything
// unsigned, signed with another secret or older than Tolerance is Invalid, and so is a body that is
// not an event. The API version of the event is not compared with the library's: only a few
// long-stable fields are read, by this package's own structs, in both the old and the new shape.
func (w *Webhook) Event(payload []byte, header string) (billing.Event, error) {
	if header == "" {
		return billing.Event{}, apperr.E(apperr.Invalid, msgSignatureMissing)
	}
	if err := webhook.ValidatePayloadWithTolerance(payload, header, w.Secret, Tolerance); err != nil || signedInFuture(header) {
		return billing.Event{}, apperr.E(apperr.Invalid, msgSignatureBad)
	}
	var env envelope
	if err := json.Unmarshal(payload, &env); err != nil || env.ID == "" || env.Type == "" {
		return billing.Event{}, apperr.E(apperr.Invalid, msgNotAnEvent)
	}
	var obj object
	if err := json.Unmarshal(env.Data.Object, &obj); err != nil {
		return billing.Event{}, apperr.E(apperr.Invalid, msgObjectUnreadable)
	}
	e := billing.Event{ID: env.ID, Type: env.Type, Created: time.Unix(env.Created, 0).UTC(),
		UserID: obj.Metadata[metaUserID], PlanID: obj.Metadata[metaPlanID], CustomerID: obj.Customer.ID}
	switch obj.Object {
	case "checkout.session":
		e.SessionID, e.PaymentStatus, e.SubscriptionID = obj.ID, obj.PaymentStatus, obj.Subscription.ID
		if obj.ClientReferenceID != "" {
			e.UserID = obj.ClientReferenceID
		}
	case "subscription":
		e.SubscriptionID, e.SubscriptionStatus = obj.ID, obj.Status
	case "invoice":
		e.SubscriptionID = obj.Subscription.ID
		if d := obj.Parent.SubscriptionDetails; d.Subscription.ID != "" {
			e.SubscriptionID = d.Subscription.ID
			e.UserID, e.PlanID = d.Metadata[metaUserID], d.Metadata[metaPlanID]
		}
	}
	return e, nil
}

// signedInFuture tells whether the signature's time is more than Tolerance ahead of ours. Stripe's
// library checks only the age, and a signature dated ahead could be replayed for that long.
func signedInFuture(header string) bool {
	for _, part := range strings.Split(header, ",") {
		if v, ok := strings.CutPrefix(part, "t="); ok {
			t, err := strconv.ParseInt(v, 10, 64)
			return err != nil || time.Unix(t, 0).After(time.Now().Add(Tolerance))
		}
	}
	return true
}

// envelope is a Stripe event as delivered.
type envelope struct {
	ID      string `json:"id"`
	Type    string `json:"type"`
	Created int64  `json:"created"`
	Data    struct {
		Object json.RawMessage `json:"object"`
	} `json:"data"`
}

// object holds the fields read from an event's object: a checkout session, a subscription or an
// invoice. Invoices name their subscription at the top level in API versions before 2025-03-31,
// and under parent.subscription_details since.
type object struct {
	ID                string            `json:"id"`
	Object            string            `json:"object"`
	ClientReferenceID string            `json:"client_reference_id"`
	PaymentStatus     string            `json:"payment_status"`
	Status            string            `json:"status"`
	Metadata          map[string]string `json:"metadata"`
	Customer          ref               `json:"customer"`
	Subscription      ref               `json:"subscription"`
	Parent            struct {
		SubscriptionDetails struct {
			Subscription ref               `json:"subscription"`
			Metadata     map[string]string `json:"metadata"`
		} `json:"subscription_details"`
	} `json:"parent"`
}

// ref is a reference to another Stripe object: its id as a string, or the object itself when
// expanded, or null.
type ref struct{ ID string }

func (r *ref) UnmarshalJSON(b []byte) error {
	if string(b) == "null" {
		return nil
	}
	if len(b) > 0 && b[0] == '"' {
		return json.Unmarshal(b, &r.ID)
	}
	var expanded struct {
		ID string `json:"id"`
	}
	if err := json.Unmarshal(b, &expanded); err != nil {
		return err
	}
	r.ID = expanded.ID
	return nil
}
