package httpapi

import (
	"context"
	"net/http"

	"wayfinder/internal/apperr"
	"wayfinder/internal/backoffice"
	"wayfinder/internal/insights"
)

// Webhooks is the admins' set-up of outbound webhooks (insights.Webhooks): the endpoints, their
// secrets, and the deliveries to each. Its rules, its audit entries and their messages are the
// service's; the routes are for admins only.
type Webhooks interface {
	Endpoints(ctx context.Context, actor backoffice.Actor) ([]insights.Endpoint, error)
	CreateEndpoint(ctx context.Context, actor backoffice.Actor, in insights.EndpointInput) (insights.Endpoint, string, error)
	UpdateEndpoint(ctx context.Context, actor backoffice.Actor, id string, in insights.EndpointInput) (insights.Endpoint, error)
	RotateSecret(ctx context.Context, actor backoffice.Actor, id string) (insights.Endpoint, string, error)
	DeleteEndpoint(ctx context.Context, actor backoffice.Actor, id string) error
	Deliveries(ctx context.Context, actor backoffice.Actor, endpointID string) ([]insights.Delivery, error)
	Resend(ctx context.Context, actor backoffice.Actor, endpointID, deliveryID string) (insights.Delivery, error)
}

// webhookEndpointJSON is an endpoint as admins see it (WebhookEndpoint in openapi.json): never
// its secret.
type webhookEndpointJSON struct {
	EndpointID  string   `json:"endpointId"`
	URL         string   `json:"url"`
	Description string   `json:"description"`
	Events      []string `json:"events"`
	Active      bool     `json:"active"`
	CreatedAt   string   `json:"createdAt"`
	UpdatedAt   string   `json:"updatedAt"`
}

func webhookEndpointOf(e insights.Endpoint) webhookEndpointJSON {
	return webhookEndpointJSON{EndpointID: e.ID, URL: e.URL, Description: e.Description,
		Events: listOf(e.Events, func(t insights.EventType) string { return string(t) }), Active: e.Active,
		CreatedAt: stamp(e.CreatedAt), UpdatedAt: stamp(e.UpdatedAt)}
}

// webhookSecretJSON answers a creation or a rotation (WebhookEndpointWithSecret): the endpoint and
// its new secret, which no later answer shows again.
type webhookSecretJSON struct {
	Endpoint webhookEndpointJSON `json:"endpoint"`
	Secret   string              `json:"secret"`
}

// webhookDeliveryJSON is one delivery as admins see it (WebhookDelivery): how the sending of one
// event to the endpoint went, never the event's body.
type webhookDeliveryJSON struct {
	DeliveryID     string               `json:"deliveryId"`
	EventID        string               `json:"eventId"`
	EventType      string               `json:"eventType"`
	Status         string               `json:"status"`
	Attempts       int                  `json:"attempts"`
	LastStatusCode *int                 `json:"lastStatusCode"`
	LastError      string               `json:"lastError"`
	CreatedAt      string               `json:"createdAt"`
	NextAttemptAt  *string              `json:"nextAttemptAt"`
	FinishedAt     *string              `json:"finishedAt"`
	Log            []webhookAttemptJSON `json:"log"`
}

type webhookAttemptJSON struct {
	At         string `json:"at"`
	StatusCode *int   `json:"statusCode"`
	DurationMs int64  `json:"durationMs"`
	Error      string `json:"error"`
}

// optionalStatus is an HTTP status as the API writes it: null for none (0).
func optionalStatus(code int) *int {
	if code == 0 {
		return nil
	}
	return &code
}

func webhookDeliveryOf(d insights.Delivery) webhookDeliveryJSON {
	out := webhookDeliveryJSON{DeliveryID: d.ID, EventID: d.EventID, EventType: string(d.EventType), Status: string(d.Status),
		Attempts: d.Attempts, LastStatusCode: optionalStatus(d.LastStatus), LastError: d.LastError, CreatedAt: stamp(d.CreatedAt),
		FinishedAt: optionalStamp(d.FinishedAt),
		Log: listOf(d.Log, func(a insights.Attempt) webhookAttemptJSON {
			return webhookAttemptJSON{At: stamp(a.At), StatusCode: optionalStatus(a.StatusCode), DurationMs: a.Duration.Milliseconds(), Error: a.Error}
		})}
	if d.Status == insights.DeliveryPending {
		out.NextAttemptAt = optionalStamp(&d.NextAttemptAt)
	}
	return out
}

// webhookEndpointRequest is the body of POST /api/staff/webhooks and PUT /api/staff/webhooks/{endpointId}.
type webhookEndpointRequest struct {
	URL         string   `json:"url"`
	Description string   `json:"description"`
	Events      []string `json:"events"`
	Active      *bool    `json:"active"`
}

// input reads the request as the service takes it; active must be given.
func (req webhookEndpointRequest) input() (insights.EndpointInput, error) {
	if req.Active == nil {
		return insights.EndpointInput{}, apperr.InvalidFields(msgSayIfOn, apperr.Field("active", msgRequired))
	}
	in := insights.EndpointInput{URL: req.URL, Description: req.Description, Active: *req.Active}
	for _, t := range req.Events {
		in.Events = append(in.Events, insights.EventType(t))
	}
	return in, nil
}

// staffWebhooks answers GET /api/staff/webhooks (admins): every endpoint, oldest first.
func (s *server) staffWebhooks(w http.ResponseWriter, r *http.Request) {
	endpoints, err := s.webhooks.Endpoints(r.Context(), actorOf(r))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, struct {
		Endpoints []webhookEndpointJSON `json:"endpoints"`
	}{listOf(endpoints, webhookEndpointOf)})
}

// staffCreateWebhook answers POST /api/staff/webhooks (admins): 201 with the endpoint and its
// secret, shown this once.
func (s *server) staffCreateWebhook(w http.ResponseWriter, r *http.Request) {
	in, err := s.webhookInput(r)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	e, secret, err := s.webhooks.CreateEndpoint(r.Context(), actorOf(r), in)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, webhookSecretJSON{Endpoint: webhookEndpointOf(e), Secret: secret})
}

// staffUpdateWebhook answers PUT /api/staff/webhooks/{endpointId} (admins).
func (s *server) staffUpdateWebhook(w http.ResponseWriter, r *http.Request) {
	in, err := s.webhookInput(r)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	e, err := s.webhooks.UpdateEndpoint(r.Context(), actorOf(r), r.PathValue("endpointId"), in)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, webhookEndpointOf(e))
}

// webhookInput reads the body of a creation or an update.
func (s *server) webhookInput(r *http.Request) (insights.EndpointInput, error) {
	var req webhookEndpointRequest
	if err := decodeJSON(r, &req); err != nil {
		return insights.EndpointInput{}, err
	}
	return req.input()
}

// staffRotateWebhookSecret answers POST /api/staff/webhooks/{endpointId}/secret (admins): the
// endpoint and its new secret, shown this once.
func (s *server) staffRotateWebhookSecret(w http.ResponseWriter, r *http.Request) {
	e, secret, err := s.webhooks.RotateSecret(r.Context(), actorOf(r), r.PathValue("endpointId"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, webhookSecretJSON{Endpoint: webhookEndpointOf(e), Secret: secret})
}

// staffDeleteWebhook answers DELETE /api/staff/webhooks/{endpointId} (admins): 204.
func (s *server) staffDeleteWebhook(w http.ResponseWriter, r *http.Request) {
	if err := s.webhooks.DeleteEndpoint(r.Context(), actorOf(r), r.PathValue("endpointId")); err != nil {
		s.writeError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// staffWebhookDeliveries answers GET /api/staff/webhooks/{endpointId}/deliveries (admins): the
// endpoint's newest deliveries, each with its newest attempts.
func (s *server) staffWebhookDeliveries(w http.ResponseWriter, r *http.Request) {
	ds, err := s.webhooks.Deliveries(r.Context(), actorOf(r), r.PathValue("endpointId"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, struct {
		Deliveries []webhookDeliveryJSON `json:"deliveries"`
	}{listOf(ds, webhookDeliveryOf)})
}

// staffResendWebhook answers POST /api/staff/webhooks/{endpointId}/deliveries/{deliveryId}/resend
// (admins): the delivery, pending again and due now.
func (s *server) staffResendWebhook(w http.ResponseWriter, r *http.Request) {
	d, err := s.webhooks.Resend(r.Context(), actorOf(r), r.PathValue("endpointId"), r.PathValue("deliveryId"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, webhookDeliveryOf(d))
}
