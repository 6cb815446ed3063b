// Package haproxytest starts HAProxy, the load balancer operators put in front of several
// Wayfinder replicas, for tests and benchmarks: one process on a free port, balancing round-robin
// over the given servers, checking each on /readyz. .ci/run installs it from Debian.
package haproxytest

import (
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"wayfinder/internal/syncbuf"
)

// Binary returns the path of the haproxy program: on the PATH, or where Debian installs it
// (/usr/sbin, which is not on every user's PATH).
func Binary() (string, error) {
	for _, name := range []string{"haproxy", "/usr/sbin/haproxy"} {
		if p, err := exec.LookPath(name); err == nil {
			return p, nil
		}
	}
	return "", fmt.Errorf("HAProxy is not installed; on Debian run: apt-get install haproxy")
}

// Config is HAProxy's configuration for balancing members' requests from listen over servers
// (host:port each), as a production set-up would: round-robin, a replica taken out as soon as its
// /readyz fails and put back after two good checks, the client's address appended to
// X-Forwarded-For, and a request tried again on another replica when its connection fails or no
// answer comes, which survey saves allow because they are idempotent PUTs.
func Config(listen string, servers []string) string {
	var b strings.Builder
	b.WriteString(`global
  maxconn 1024
  nbthread 1
defaults
  mode http
  timeout connect 1s
  timeout client 30s
  timeout server 10s
  option forwardfor
  retries 3
  option redispatch 1
  retry-on conn-failure empty-response response-timeout
frontend members
  bind ` + listen + `
  default_backend replicas
backend replicas
  balance roundrobin
  option httpchk GET /readyz
  http-check expect status 200
  default-server inter 200ms fall 1 rise 2
`)
	for i, s := range servers {
		fmt.Fprintf(&b, "  server r%d %s check\n", i, s)
	}
	return b.String()
}

// Start runs HAProxy for the test on listen (host:port, or "" for a free port on the loopback) in
// front of servers, and returns its base URL. Its log is shown if the test fails.
func Start(t testing.TB, listen string, servers []string) string {
	t.Helper()
	url, logs, stop, err := Run(listen, servers)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		stop()
		if t.Failed() {
			t.Logf("haproxy:\n%s", logs())
		}
	})
	return url
}

// Run starts HAProxy on listen (host:port, or "" for a free port on the loopback) in front of
// servers, waits until it passes a request to a ready replica, and returns its base URL, its log so
// far, and a function that stops it.
func Run(listen string, servers []string) (url string, logs func() string, stop func(), err error) {
	bin, err := Binary()
	if err != nil {
		return "", nil, nil, err
	}
	if listen == "" {
		port, err := freePort()
		if err != nil {
			return "", nil, nil, err
		}
		listen = "127.0.0.1:" + port
	}
	dir, err := os.MkdirTemp("", "haproxy-")
	if err != nil {
		return "", nil, nil, err
	}
	file := filepath.Join(dir, "haproxy.cfg")
	if err := os.WriteFile(file, []byte(Config(listen, servers)), 0o600); err != nil {
		os.RemoveAll(dir)
		return "", nil, nil, err
	}
	if out, err := exec.Command(bin, "-c", "-f", file).CombinedOutput(); err != nil {
		os.RemoveAll(dir)
		return "", nil, nil, fmt.Errorf("haproxy -c: %v\n%s", err, out)
	}
	var buf syncbuf.Buffer
	cmd := exec.Command(bin, "-db", "-f", file)
	cmd.Stdout, cmd.Stderr = &buf, &buf
	if err := cmd.Start(); err != nil {
		os.RemoveAll(dir)
		return "", nil, nil, fmt.Errorf("starting haproxy: %w", err)
	}
	stop = func() {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
		os.RemoveAll(dir)
	}
	url = "http://" + listen
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		res, err := http.Get(url + "/readyz")
		if err == nil {
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				return url, buf.String, stop, nil
			}
		}
		if time.Now().After(deadline) {
			stop()
			return "", nil, nil, fmt.Errorf("HAProxy passed no request to a ready server within 10 s (%v):\n%s", err, buf.String())
		}
	}
}

func freePort() (string, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	defer l.Close()
	return strconv.Itoa(l.Addr().(*net.TCPAddr).Port), nil
}
