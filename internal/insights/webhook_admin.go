package insights

import (
	"context"
	"net/url"
	"strings"
	"unicode/utf8"

	"github.com/google/uuid"

	"wayfinder/internal/apperr"
	"wayfinder/internal/backoffice"
	"wayfinder/internal/cleantext"
	"wayfinder/internal/messages"
)

// The admins' set-up of webhooks: the endpoints, their secrets, and the deliveries to each. Only
// admins may touch it, since it decides which of the operator's systems receive members' emails and
// names; the routes check the role, and so does every method here. Every change is written to the
// audit log in its own transaction.

// The audit log's actions of webhooks. Target is the endpoint, or for a resend the delivery, whose
// member the entry names, since sending again hands their email and name out again.
const (
	ActionWebhookCreate = "webhook.create"
	ActionWebhookUpdate = "webhook.update"
	ActionWebhookRotate = "webhook.rotate_secret"
	ActionWebhookDelete = "webhook.delete"
	ActionWebhookResend = "webhook.resend"
)

// The limits of an endpoint's set-up.
const (
	MaxURLLength         = 2000 // bytes; longer addresses are refused, not cut
	MaxDescriptionLength = 200  // characters
	// MaxEndpoints bounds how many endpoints an event is written for, which each member's change
	// pays for in its own transaction.
	MaxEndpoints = 20
	// DeliveriesShown is how many of an endpoint's newest deliveries the admin sees.
	DeliveriesShown = 50
	// attemptsShown is how many of a delivery's newest attempts the admin sees.
	attemptsShown = 10
)

// The messages of the webhook set-up (internal/messages holds their words). Admins read them.
const (
	msgAdminsOnly         messages.Key = "api.webhooks.adminsOnly"
	msgNeedsLook          messages.Key = "api.webhooks.needsLook"
	msgURLMissing         messages.Key = "api.webhooks.urlMissing"
	msgURLInvalid         messages.Key = "api.webhooks.urlInvalid"
	msgURLUserInfo        messages.Key = "api.webhooks.urlUserInfo"
	msgURLPrivate         messages.Key = "api.webhooks.urlPrivate"
	msgURLTooLong         messages.Key = "api.webhooks.urlTooLong"
	msgDescriptionTooLong messages.Key = "api.webhooks.descriptionTooLong"
	msgChooseEvents       messages.Key = "api.webhooks.chooseEvents"
	msgUnknownEvent       messages.Key = "api.webhooks.unknownEvent"
	msgTooManyEndpoints   messages.Key = "api.webhooks.tooManyEndpoints"
	msgNoSuchEndpoint     messages.Key = "api.webhooks.noSuchEndpoint"
	msgNoSuchDelivery     messages.Key = "api.webhooks.noSuchDelivery"
)

// EndpointInput is what an admin gives for an endpoint: where events go, a note of what it is, the
// events it wants, and whether it is on.
type EndpointInput struct {
	URL         string
	Description string
	Events      []EventType
	Active      bool
}

// Check returns the input as it is stored (trimmed, each event once, in the journey's order), or
// an Invalid error whose fields say what to fix. The address must be an absolute http or https URL
// of plain text, with a host that reach allows, no user name or password in it (the secret
// authenticates deliveries) and at most MaxURLLength bytes; the description plain single-line
// text of at most MaxDescriptionLength characters; and the events at least one, each known.
func (in EndpointInput) Check(reach Reach) (EndpointInput, error) {
	out := EndpointInput{URL: strings.TrimSpace(in.URL), Description: strings.TrimSpace(in.Description), Active: in.Active}
	var bad []apperr.FieldError
	if problem := urlProblem(out.URL, reach); problem != "" {
		bad = append(bad, apperr.Field("url", problem, messages.Params{"max": MaxURLLength}))
	}
	switch problem := cleantext.Problem(out.Description); {
	case problem != "":
		bad = append(bad, apperr.Field("description", problem))
	case utf8.RuneCountInString(out.Description) > MaxDescriptionLength:
		bad = append(bad, apperr.Field("description", msgDescriptionTooLong, messages.Params{"max": MaxDescriptionLength}))
	}
	for _, t := range in.Events {
		if !t.Known() {
			bad = append(bad, apperr.Field("events", msgUnknownEvent, messages.Params{"event": string(t)}))
			break
		}
	}
	for _, t := range EventTypes {
		for _, given := range in.Events {
			if given == t {
				out.Events = append(out.Events, t)
				break
			}
		}
	}
	if len(in.Events) == 0 {
		bad = append(bad, apperr.Field("events", msgChooseEvents))
	}
	if len(bad) > 0 {
		return EndpointInput{}, apperr.InvalidFields(msgNeedsLook, bad...)
	}
	return out, nil
}

// urlProblem returns the message of what is wrong with a trimmed endpoint address, or "".
func urlProblem(s string, reach Reach) messages.Key {
	switch {
	case s == "":
		return msgURLMissing
	case len(s) > MaxURLLength:
		return msgURLTooLong
	}
	if problem := cleantext.Problem(s); problem != "" {
		return problem
	}
	u, err := url.Parse(s)
	switch {
	case err != nil, u.Scheme != "http" && u.Scheme != "https", u.Host == "", u.Hostname() == "", strings.ContainsAny(s, " \\"):
		return msgURLInvalid
	case u.User != nil:
		return msgURLUserInfo
	case !reach.allowsHost(u.Hostname()):
		return msgURLPrivate
	}
	return ""
}

// requireAdmin refuses a staff user who is not an admin. The routes check it too; the service
// checks again so that no other caller can skip it.
func requireAdmin(actor backoffice.Actor) error {
	if !actor.Admin {
		return apperr.E(apperr.Forbidden, msgAdminsOnly)
	}
	return nil
}

// Endpoints returns every endpoint, oldest first (admins). Their secrets are not among them.
func (w *Webhooks) Endpoints(ctx context.Context, actor backoffice.Actor) ([]Endpoint, error) {
	if err := requireAdmin(actor); err != nil {
		return nil, err
	}
	return w.store.WebhookEndpoints(ctx)
}

// CreateEndpoint adds an endpoint (admins) and returns it with its new secret, which is shown this
// once: the admin copies it to the receiver, and only a rotation shows a secret again. Events
// before the endpoint existed are never sent to it.
func (w *Webhooks) CreateEndpoint(ctx context.Context, actor backoffice.Actor, in EndpointInput) (Endpoint, string, error) {
	if err := requireAdmin(actor); err != nil {
		return Endpoint{}, "", err
	}
	in, err := in.Check(w.reach)
	if err != nil {
		return Endpoint{}, "", err
	}
	now := w.now().UTC()
	e := Endpoint{ID: uuid.NewString(), URL: in.URL, Description: in.Description, Events: in.Events, Active: in.Active,
		CreatedAt: now, UpdatedAt: now}
	secret := newSecret()
	err = w.store.InTx(ctx, func(ctx context.Context) error {
		all, err := w.store.WebhookEndpoints(ctx)
		if err != nil {
			return err
		}
		if len(all) >= MaxEndpoints {
			return apperr.E(apperr.Conflict, msgTooManyEndpoints, messages.Params{"max": MaxEndpoints})
		}
		if err := w.store.CreateWebhookEndpoint(ctx, e, secret); err != nil {
			return err
		}
		return w.audit(ctx, actor, ActionWebhookCreate, "", e.ID)
	})
	if err != nil {
		return Endpoint{}, "", err
	}
	return e, secret, nil
}

// UpdateEndpoint replaces an endpoint's address, description, events and whether it is on
// (admins). Deliveries waiting for it go to the new address; events it no longer wants are not
// written for it from now on.
func (w *Webhooks) UpdateEndpoint(ctx context.Context, actor backoffice.Actor, id string, in EndpointInput) (Endpoint, error) {
	if err := requireAdmin(actor); err != nil {
		return Endpoint{}, err
	}
	in, err := in.Check(w.reach)
	if err != nil {
		return Endpoint{}, err
	}
	var e Endpoint
	err = w.store.InTx(ctx, func(ctx context.Context) error {
		var err error
		if e, err = w.endpoint(ctx, id); err != nil {
			return err
		}
		e.URL, e.Description, e.Events, e.Active, e.UpdatedAt = in.URL, in.Description, in.Events, in.Active, w.now().UTC()
		if err := w.store.UpdateWebhookEndpoint(ctx, e); err != nil {
			return err
		}
		return w.audit(ctx, actor, ActionWebhookUpdate, "", id)
	})
	if err != nil {
		return Endpoint{}, err
	}
	return e, nil
}

// RotateSecret gives an endpoint a new secret (admins) and returns it, shown this once. Every
// attempt from now on, retries of older events included, is signed with it; a receiver that still
// checks the old one refuses them, and they are retried until it has the new one, so nothing is
// lost in between.
func (w *Webhooks) RotateSecret(ctx context.Context, actor backoffice.Actor, id string) (Endpoint, string, error) {
	if err := requireAdmin(actor); err != nil {
		return Endpoint{}, "", err
	}
	secret := newSecret()
	var e Endpoint
	err := w.store.InTx(ctx, func(ctx context.Context) error {
		var err error
		if e, err = w.endpoint(ctx, id); err != nil {
			return err
		}
		e.UpdatedAt = w.now().UTC()
		if err := w.store.SetWebhookSecret(ctx, id, secret, e.UpdatedAt); err != nil {
			return err
		}
		return w.audit(ctx, actor, ActionWebhookRotate, "", id)
	})
	if err != nil {
		return Endpoint{}, "", err
	}
	return e, secret, nil
}

// DeleteEndpoint removes an endpoint (admins), with its deliveries and their log: what was still
// waiting for it is not sent.
func (w *Webhooks) DeleteEndpoint(ctx context.Context, actor backoffice.Actor, id string) error {
	if err := requireAdmin(actor); err != nil {
		return err
	}
	return w.store.InTx(ctx, func(ctx context.Context) error {
		if err := w.store.DeleteWebhookEndpoint(ctx, id); apperr.CodeOf(err) == apperr.NotFound {
			return apperr.E(apperr.NotFound, msgNoSuchEndpoint)
		} else if err != nil {
			return err
		}
		return w.audit(ctx, actor, ActionWebhookDelete, "", id)
	})
}

// Deliveries returns an endpoint's newest deliveries, at most DeliveriesShown, each with its
// newest attempts (admins). They show the event's type and id and how the sending went, never the
// body, so reading them is no read of a member's data.
func (w *Webhooks) Deliveries(ctx context.Context, actor backoffice.Actor, endpointID string) ([]Delivery, error) {
	if err := requireAdmin(actor); err != nil {
		return nil, err
	}
	if _, err := w.endpoint(ctx, endpointID); err != nil {
		return nil, err
	}
	ds, err := w.store.WebhookDeliveries(ctx, endpointID, DeliveriesShown)
	if err != nil {
		return nil, err
	}
	for i := range ds {
		if len(ds[i].Log) > attemptsShown {
			ds[i].Log = ds[i].Log[:attemptsShown]
		}
	}
	return ds, nil
}

// Resend sends a delivery again (admins): the same event, with the same id and body, to the same
// endpoint, due now, with its retries starting afresh for MaxAge. Its earlier attempts stay in its
// log. A delivery still pending is simply made due now. The receiver, which de-duplicates by the
// event's id, may take it as the repeat it is.
func (w *Webhooks) Resend(ctx context.Context, actor backoffice.Actor, endpointID, deliveryID string) (Delivery, error) {
	if err := requireAdmin(actor); err != nil {
		return Delivery{}, err
	}
	now := w.now().UTC()
	var d Delivery
	err := w.store.InTx(ctx, func(ctx context.Context) error {
		var err error
		d, err = w.store.WebhookDelivery(ctx, deliveryID)
		if apperr.CodeOf(err) == apperr.NotFound || err == nil && d.EndpointID != endpointID {
			return apperr.E(apperr.NotFound, msgNoSuchDelivery)
		}
		if err != nil {
			return err
		}
		if err := w.store.ResendWebhookDelivery(ctx, deliveryID, now, now.Add(w.maxAge)); err != nil {
			return err
		}
		if d, err = w.store.WebhookDelivery(ctx, deliveryID); err != nil {
			return err
		}
		return w.audit(ctx, actor, ActionWebhookResend, d.MemberID, deliveryID)
	})
	if err != nil {
		return Delivery{}, err
	}
	w.nudge()
	return d, nil
}

// endpoint returns an endpoint, or a NotFound that says so in words.
func (w *Webhooks) endpoint(ctx context.Context, id string) (Endpoint, error) {
	e, err := w.store.WebhookEndpoint(ctx, id)
	if apperr.CodeOf(err) == apperr.NotFound {
		return Endpoint{}, apperr.E(apperr.NotFound, msgNoSuchEndpoint)
	}
	return e, err
}

// audit records an admin's change; it is called inside the change's transaction.
func (w *Webhooks) audit(ctx context.Context, actor backoffice.Actor, action, memberID, target string) error {
	return w.store.AppendAudit(ctx, backoffice.Entry{At: w.now().UTC(), StaffUserID: actor.UserID, StaffEmail: actor.Email,
		Action: action, MemberID: memberID, Target: target, Address: actor.Address})
}
