package main

import (
	"context"
	"log/slog"
	"math"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"wayfinder/internal/activity"
	"wayfinder/internal/insights"
	"wayfinder/internal/sqlstore"
	"wayfinder/internal/webhook"
)

// webhookRetries are the webhook worker's pauses after failed attempts. Tests shorten them to
// watch a delivery fail, wait and arrive without waiting half a minute.
var webhookRetries = insights.DefaultRetries

// startWebhooks registers the webhook metrics on reg and runs the webhook worker, which sends to
// the addresses reach allows, in the lulls between the requests that requests counts, until ctx
// ends or stop is called. stop waits up to timeout for the worker to record the attempts it is
// making, so the caller closes the database only after it. The worker runs whether or not an admin
// has set up an endpoint: with none, no event is ever written, and it finds nothing to send.
func startWebhooks(ctx context.Context, hooks *insights.Webhooks, reach insights.Reach, requests *activity.Tracker, log *slog.Logger, reg prometheus.Registerer) (stop func(timeout time.Duration)) {
	worker := insights.NewWebhookWorker(hooks, insights.WebhookWorkerConfig{
		Poster: webhook.New(reach), Log: log, Metrics: insights.NewWebhookMetrics(reg), Retries: webhookRetries, Activity: requests,
	})
	return runWorker(ctx, worker.Run, func() {
		log.Warn("the webhook worker was still sending when the shutdown timeout ran out; that event may be sent again")
	})
}

// webhookOutboxDepth is the number of webhook deliveries waiting to be sent, read from the database
// at each scrape, so every replica reports the same figure.
func webhookOutboxDepth(db *sqlstore.DB) prometheus.Collector {
	return prometheus.NewGaugeFunc(prometheus.GaugeOpts{
		Name: "wayfinder_webhook_outbox_depth",
		Help: "Webhook deliveries waiting to be sent; it grows while a receiver refuses or cannot be reached.",
	}, func() float64 {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		n, err := db.PendingWebhookCount(ctx)
		if err != nil {
			return math.NaN()
		}
		return float64(n)
	})
}
