// Package stripemock starts stripe-mock, Stripe's own mock of its API, for tests: one process per
// test on a free port, stopped when the test ends. .ci/run installs it with `go install
// github.com/stripe/stripe-mock@v0.203.0`.
package stripemock

import (
	"bufio"
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
	bin, ok := Binary()
	if !ok {
		t.Fatalf("stripe-mock is not installed; run: go install github.com/stripe/stripe-mock@%s", Version)
	}
	cmd := exec.Command(bin, "-http-addr", "127.0.0.1:")
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = cmd.Stdout
	if err := cmd.Start(); err != nil {
		t.Fatalf("starting stripe-mock: %v", err)
	}
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
	})
	addr := make(chan string, 1)
	go func() {
		lines := bufio.NewScanner(out)
		for lines.Scan() {
			if m := listening.FindStringSubmatch(lines.Text()); m != nil {
				addr <- m[1]
			}
		}
	}()
	select {
	case a := <-addr:
		return "http://" + a
	case <-time.After(15 * time.Second):
		t.Fatal("stripe-mock did not start listening within 15 s")
		return ""
	}
}
