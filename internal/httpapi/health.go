package httpapi

import (
	"context"
	"net/http"
	"time"
)

// Readiness is what /readyz asks of the database.
type Readiness interface {
	Ping(ctx context.Context) error
	MigrationStatus(ctx context.Context) (current, latest int, err error)
}

// healthz answers while the process is up, whatever the database is doing, so an orchestrator
// restarts only a process that is really stuck.
func (s *server) healthz(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, map[string]string{"status": "ok"})
}

// readyz answers 200 only when the database is reachable and its schema is the one this binary
// expects, so a load balancer sends no traffic to a replica that would fail every request.
func (s *server) readyz(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	if err := s.ready.Ping(ctx); err != nil {
		s.log.WarnContext(r.Context(), "not ready: database unreachable", "error", err.Error())
		writeJSON(w, http.StatusServiceUnavailable, map[string]string{"status": "unavailable", "reason": "database unreachable"})
		return
	}
	current, latest, err := s.ready.MigrationStatus(ctx)
	if err != nil || current != latest {
		s.log.WarnContext(r.Context(), "not ready: migrations", "current", current, "latest", latest, "error", errString(err))
		writeJSON(w, http.StatusServiceUnavailable, map[string]any{"status": "unavailable", "reason": "database schema is not current", "schemaVersion": current, "wantVersion": latest})
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"status": "ready", "schemaVersion": current})
}

func errString(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}
