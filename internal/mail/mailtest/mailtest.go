// Package mailtest runs Mailpit, a real SMTP server that keeps what it receives and shows it
// through a REST API, for tests: one process per call of Start, on free ports, stopped when the
// test ends. .ci/run installs it with `go install github.com/axllent/mailpit@v1.27.11`; a test
// that needs it fails, saying so, where it is missing, rather than passing without having run.
package mailtest

import (
	"bufio"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/json"
	"encoding/pem"
	"errors"
	"fmt"
	"go/build"
	"io"
	"math/big"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"wayfinder/internal/syncbuf"
)

// Version is the Mailpit release the tests are written against.
const Version = "v1.27.11"

// Binary returns the path of the mailpit program: $MAILPIT, or mailpit on the PATH, or where
// `go install` puts it.
func Binary() (string, bool) {
	if p := os.Getenv("MAILPIT"); p != "" {
		return p, fileExists(p)
	}
	if p, err := exec.LookPath("mailpit"); err == nil {
		return p, true
	}
	for _, dir := range []string{os.Getenv("GOBIN"), filepath.Join(build.Default.GOPATH, "bin")} {
		if dir == "" {
			continue
		}
		if p := filepath.Join(dir, "mailpit"); fileExists(p) {
			return p, true
		}
	}
	return "", false
}

func fileExists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

// TLS is how the server offers TLS.
type TLS int

const (
	// NoTLS is plain SMTP, without STARTTLS.
	NoTLS TLS = iota
	// StartTLS offers STARTTLS and refuses mail from a client that does not take it up.
	StartTLS
	// ImplicitTLS speaks TLS from the first byte, as on port 465 (smtps).
	ImplicitTLS
)

// Options are how to run the server. The zero value is plain SMTP on a free port.
type Options struct {
	// SMTPPort is the port to take; 0 picks a free one. A test of an outage picks a port with
	// FreePort, lets a client fail against it, and then starts the server on it.
	SMTPPort int
	TLS      TLS
	// Credentials, "user:password", makes the server refuse mail from a client that has not
	// signed in with them. Mailpit takes passwords only over TLS.
	Credentials string
	// AllowedRecipients, a regular expression, makes the server refuse for good (550) every
	// recipient that does not match it.
	AllowedRecipients string
}

// Server is a running Mailpit.
type Server struct {
	SMTPHost string         // 127.0.0.1
	SMTPPort int            // where it takes mail
	APIURL   string         // its web API, http://127.0.0.1:PORT
	RootCAs  *x509.CertPool // trusts the server's certificate, with a TLS option

	implicitTLS bool
	cmd         *exec.Cmd
	output      *syncbuf.Buffer
	exited      chan struct{} // closed when the process has ended
	once        sync.Once
}

// FreePort returns a TCP port on 127.0.0.1 that nothing listens on right now.
func FreePort(t testing.TB) int {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatalf("finding a free port: %v", err)
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port
}

// Start runs Mailpit for the test and waits until it takes mail and answers its API. It stops
// when the test ends, or earlier with Stop.
func Start(t testing.TB, o Options) *Server {
	t.Helper()
	bin, ok := Binary()
	if !ok {
		t.Fatalf("mailpit, the SMTP server these tests send to, is not installed; run: go install github.com/axllent/mailpit@%s "+
			"(or set MAILPIT to its path)", Version)
	}
	dir := t.TempDir()
	// A free port can be taken by another process between FreePort and Mailpit's start (tests run
	// in parallel): Mailpit then stops at once, and is tried again on other ports.
	for try := 1; ; try++ {
		smtpPort := o.SMTPPort
		if smtpPort == 0 {
			smtpPort = FreePort(t)
		}
		s, err := launch(t, bin, dir, o, smtpPort, FreePort(t))
		if err == nil {
			t.Cleanup(s.Stop)
			return s
		}
		if !errors.Is(err, errPortTaken) || try == 5 {
			t.Fatal(err)
		}
	}
}

// errPortTaken is launch's error when Mailpit could not listen on a port it was given.
var errPortTaken = errors.New("a port is taken")

// launch starts Mailpit on the given ports and waits until it is ready.
func launch(t testing.TB, bin, dir string, o Options, smtpPort, httpPort int) (*Server, error) {
	t.Helper()
	s := &Server{
		SMTPHost: "127.0.0.1",
		SMTPPort: smtpPort,
		APIURL:   "http://127.0.0.1:" + strconv.Itoa(httpPort),
		output:   &syncbuf.Buffer{},
	}
	args := []string{
		"--smtp", net.JoinHostPort(s.SMTPHost, strconv.Itoa(smtpPort)),
		"--listen", net.JoinHostPort("127.0.0.1", strconv.Itoa(httpPort)),
		"--database", filepath.Join(dir, "mailpit.db"),
		"--disable-version-check",
		"--smtp-disable-rdns",
	}
	if o.TLS != NoTLS {
		cert, key, pool := selfSigned(t, dir)
		s.RootCAs = pool
		args = append(args, "--smtp-tls-cert", cert, "--smtp-tls-key", key)
		if o.TLS == ImplicitTLS {
			s.implicitTLS = true
			args = append(args, "--smtp-require-tls")
		} else {
			args = append(args, "--smtp-require-starttls")
		}
	}
	if o.Credentials != "" {
		file := filepath.Join(dir, "smtp-users")
		if err := os.WriteFile(file, []byte(o.Credentials+"\n"), 0o600); err != nil {
			return nil, err
		}
		args = append(args, "--smtp-auth-file", file)
	}
	if o.AllowedRecipients != "" {
		args = append(args, "--smtp-allowed-recipients", o.AllowedRecipients)
	}
	s.cmd = exec.Command(bin, args...)
	s.cmd.Stdout, s.cmd.Stderr = s.output, s.output
	if err := s.cmd.Start(); err != nil {
		return nil, fmt.Errorf("starting mailpit (%s): %w", bin, err)
	}
	s.exited = make(chan struct{})
	go func() {
		_ = s.cmd.Wait()
		close(s.exited)
	}()
	deadline := time.Now().Add(15 * time.Second)
	for !s.ready() {
		select {
		case <-s.exited:
			if strings.Contains(s.output.String(), "address already in use") {
				return nil, fmt.Errorf("mailpit could not listen on port %d or %d: %w", smtpPort, httpPort, errPortTaken)
			}
			return nil, fmt.Errorf("mailpit stopped before it was ready:\n%s", s.output.String())
		default:
		}
		if time.Now().After(deadline) {
			s.Stop()
			return nil, fmt.Errorf("mailpit was not ready within 15 s:\n%s", s.output.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
	return s, nil
}

// Stop stops the server now: it is asked to stop, and killed if it has not within 5 s. Its port
// is free again when Stop returns. Stopping twice is stopping once.
func (s *Server) Stop() {
	s.once.Do(func() {
		_ = s.cmd.Process.Signal(os.Interrupt)
		select {
		case <-s.exited:
		case <-time.After(5 * time.Second):
			_ = s.cmd.Process.Kill()
			<-s.exited
		}
	})
}

// ready reports whether Mailpit itself greets on the SMTP port (not some other process that
// holds the port, while Mailpit fails to take it) and its API answers.
func (s *Server) ready() bool {
	addr := net.JoinHostPort(s.SMTPHost, strconv.Itoa(s.SMTPPort))
	var (
		c   net.Conn
		err error
	)
	if s.implicitTLS {
		c, err = tls.DialWithDialer(&net.Dialer{Timeout: time.Second}, "tcp", addr, &tls.Config{RootCAs: s.RootCAs, ServerName: s.SMTPHost})
	} else {
		c, err = net.DialTimeout("tcp", addr, time.Second)
	}
	if err != nil {
		return false
	}
	_ = c.SetDeadline(time.Now().Add(2 * time.Second))
	greeting, err := bufio.NewReader(c).ReadString('\n')
	_, _ = io.WriteString(c, "QUIT\r\n")
	c.Close()
	if err != nil || !strings.HasPrefix(greeting, "220 ") || !strings.Contains(greeting, "Mailpit") {
		return false
	}
	res, err := httpClient.Get(s.APIURL + "/readyz")
	if err != nil {
		return false
	}
	res.Body.Close()
	return res.StatusCode == http.StatusOK
}

var httpClient = &http.Client{Timeout: 10 * time.Second}

// Address is a mailbox as Mailpit reports it.
type Address struct {
	Name    string
	Address string
}

// Summary is one received message in Mailpit's list.
type Summary struct {
	ID        string
	MessageID string
	From      Address
	To        []Address
	Subject   string
	Created   time.Time
}

// Message is one received message with its parts.
type Message struct {
	ID        string
	MessageID string
	From      Address
	To        []Address
	Subject   string
	Text      string
	HTML      string
}

// Messages returns every message received so far, newest first.
func (s *Server) Messages(t testing.TB) []Summary {
	t.Helper()
	var list struct {
		Messages []Summary `json:"messages"`
	}
	s.get(t, "/api/v1/messages?limit=1000", &list)
	return list.Messages
}

// Message returns one message, with its plain-text and HTML parts.
func (s *Server) Message(t testing.TB, id string) Message {
	t.Helper()
	var m Message
	s.get(t, "/api/v1/message/"+url.PathEscape(id), &m)
	return m
}

// Headers returns the headers of one message.
func (s *Server) Headers(t testing.TB, id string) map[string][]string {
	t.Helper()
	var h map[string][]string
	s.get(t, "/api/v1/message/"+url.PathEscape(id)+"/headers", &h)
	return h
}

// WaitForMessages waits up to timeout until at least n messages have arrived and returns them
// all, or fails the test.
func (s *Server) WaitForMessages(t testing.TB, n int, timeout time.Duration) []Summary {
	t.Helper()
	deadline := time.Now().Add(timeout)
	for {
		got := s.Messages(t)
		if len(got) >= n {
			return got
		}
		if time.Now().After(deadline) {
			t.Fatalf("mailpit received %d messages within %v, want %d", len(got), timeout, n)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func (s *Server) get(t testing.TB, path string, into any) {
	t.Helper()
	res, err := httpClient.Get(s.APIURL + path)
	if err != nil {
		t.Fatalf("GET mailpit %s: %v", path, err)
	}
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	if err != nil || res.StatusCode != http.StatusOK {
		t.Fatalf("GET mailpit %s = %d %s (%v)", path, res.StatusCode, body, err)
	}
	if err := json.Unmarshal(body, into); err != nil {
		t.Fatalf("GET mailpit %s: reading %s: %v", path, body, err)
	}
}

// selfSigned writes a certificate for 127.0.0.1 and localhost, and its key, into dir, and returns
// their paths and a pool that trusts the certificate.
func selfSigned(t testing.TB, dir string) (certFile, keyFile string, pool *x509.CertPool) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber:          big.NewInt(1),
		Subject:               pkix.Name{CommonName: "mailtest"},
		NotBefore:             time.Now().Add(-time.Hour),
		NotAfter:              time.Now().Add(24 * time.Hour),
		KeyUsage:              x509.KeyUsageDigitalSignature | x509.KeyUsageCertSign,
		ExtKeyUsage:           []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		BasicConstraintsValid: true,
		IsCA:                  true,
		IPAddresses:           []net.IP{net.IPv4(127, 0, 0, 1)},
		DNSNames:              []string{"localhost"},
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	keyDER, err := x509.MarshalPKCS8PrivateKey(key)
	if err != nil {
		t.Fatal(err)
	}
	certFile, keyFile = filepath.Join(dir, "cert.pem"), filepath.Join(dir, "key.pem")
	if err := os.WriteFile(certFile, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(keyFile, pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: keyDER}), 0o600); err != nil {
		t.Fatal(err)
	}
	cert, err := x509.ParseCertificate(der)
	if err != nil {
		t.Fatal(err)
	}
	pool = x509.NewCertPool()
	pool.AddCert(cert)
	return certFile, keyFile, pool
}
