// Package stripemock starts stripe-mock, Stripe's own mock of its API, for tests: one process per
// test on a free port, stopped when the test ends. .ci/run installs it with `go install
// github.com/stripe/stripe-mock@v0.203.0`.
package stripemock

import (
	"bufio"
	"errors"
	"fmt"
	"go/build"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"testing"
	"time"
)

// Version is the stripe-mock release the tests are written against.
const Version = "v0.203.0"

// listening is the line stripe-mock prints once it accepts connections.
var listening = regexp.MustCompile(`Listening for HTTP at address: (\S+)`)

// Binary returns the path of the stripe-mock program: $STRIPE_MOCK, or stripe-mock on the PATH,
// or where `go install` puts it.
func Binary() (string, bool) {
	if p := os.Getenv("STRIPE_MOCK"); p != "" {
		return p, true
	}
	if p, err := exec.LookPath("stripe-mock"); err == nil {
		return p, true
	}
	for _, dir := range []string{os.Getenv("GOBIN"), filepath.Join(build.Default.GOPATH, "bin")} {
		if p := filepath.Join(dir, "stripe-mock"); dir != "" {
			if _, err := os.Stat(p); err == nil {
				return p, true
			}
		}
	}
	return "", false
}

// Start runs stripe-mock on a free port for the test and returns its base URL.
func Start(t testing.TB) string {
	t.Helper()
	url, stop, err := Run()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(stop)
	return url
}

// Run starts stripe-mock on a free port and returns its base URL and a function that stops it.
func Run() (string, func(), error) {
	bin, ok := Binary()
	if !ok {
		return "", nil, fmt.Errorf("stripe-mock is not installed; run: go install github.com/stripe/stripe-mock@%s", Version)
	}
	// stripe-mock also serves HTTPS, on port 12112 unless told otherwise: a second stripe-mock (the
	// tests of another package, run at the same time) would then fail to start. Both take free ports.
	cmd := exec.Command(bin, "-http-addr", "127.0.0.1:", "-https-addr", "127.0.0.1:")
	out, err := cmd.StdoutPipe()
	if err != nil {
		return "", nil, err
	}
	cmd.Stderr = cmd.Stdout
	if err := cmd.Start(); err != nil {
		return "", nil, fmt.Errorf("starting stripe-mock: %w", err)
	}
	stop := func() {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
	}
	addr := make(chan string, 1)
	go func() {
		// Reading to the end also keeps stripe-mock from blocking on a full pipe.
		lines := bufio.NewScanner(out)
		for lines.Scan() {
			if m := listening.FindStringSubmatch(lines.Text()); m != nil {
				addr <- m[1]
			}
		}
	}()
	select {
	case a := <-addr:
		return "http://" + a, stop, nil
	case <-time.After(15 * time.Second):
		stop()
		return "", nil, errors.New("stripe-mock did not start listening within 15 s")
	}
}
