package httpapi

import (
	"context"
	"net/http"
	"time"
)

// Readiness is what /readyz asks of the database.
type Readiness interface {
	Ping(ctx context.Context) error
	// Schema reports the database's schema version, the newest this build knows, and whether this
	// build can serve on it: when it is current, or ahead by a newer build's expanding migrations
	// during a rolling deploy.
	Schema(ctx context.Context) (current, latest int, readable bool, err error)
}

// healthz answers while the process is up, whatever the database is doing, so an orchestrator
// restarts only a process that is really stuck.
func (s *server) healthz(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, map[string]string{"status": "ok"})
}

// readyz answers 200 only when the database is reachable and this binary can serve on its schema,
// so a load balancer sends no traffic to a replica that would fail every request. A schema a newer
// build has expanded is served on, and said so, so that during a rolling deploy the first new
// replica to migrate does not take every old one out of the balancer.
func (s *server) readyz(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	if err := s.ready.Ping(ctx); err != nil {
		s.log.WarnContext(r.Context(), "not ready: database unreachable", "error", err.Error())
		writeJSON(w, http.StatusServiceUnavailable, map[string]string{"status": "unavailable", "reason": "database unreachable"})
		return
	}
	current, latest, readable, err := s.ready.Schema(ctx)
	if err != nil || !readable {
		s.log.WarnContext(r.Context(), "not ready: migrations", "current", current, "latest", latest, "error", errString(err))
		writeJSON(w, http.StatusServiceUnavailable, map[string]any{"status": "unavailable", "reason": "database schema is not one this build can serve on", "schemaVersion": current, "wantVersion": latest})
		return
	}
	body := map[string]any{"status": "ready", "schemaVersion": current}
	if current > latest {
		body["schema"] = "ahead"
		body["buildVersion"] = latest
	}
	writeJSON(w, http.StatusOK, body)
}

func errString(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}
