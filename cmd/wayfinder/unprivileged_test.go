package main

import (
	"io/fs"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestRunsUnprivilegedWritingOnlyItsDataFolder checks what the container recipe and the systemd
// unit rely on: the server runs as a user with no rights but to its data folder, in a working
// directory it cannot write, with no writable temporary directory, and still starts, serves,
// signs a member up, and backs up. As root the test runs it as nobody (root would write anywhere);
// as anyone else, as that user with every other folder read-only. Afterwards nothing but the data
// folder has changed.
func TestRunsUnprivilegedWritingOnlyItsDataFolder(t *testing.T) {
	root := t.TempDir()
	binDir, dataDir := filepath.Join(root, "bin"), filepath.Join(root, "data")
	for _, d := range []string{binDir, dataDir} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	bin := filepath.Join(binDir, "wayfinder")
	copyFile(t, os.Args[0], bin)
	if err := os.Chmod(bin, 0o755); err != nil {
		t.Fatal(err)
	}

	var cred *syscall.Credential
	if os.Getuid() == 0 {
		cred = &syscall.Credential{Uid: 65534, Gid: 65534} // nobody
		if err := os.Chown(dataDir, 65534, 65534); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Chmod(dataDir, 0o700); err != nil {
		t.Fatal(err)
	}
	// The folders above the test's own must let the user through to reach the binary.
	for d := root; d != filepath.Dir(d) && strings.HasPrefix(d, os.TempDir()) && d != os.TempDir(); d = filepath.Dir(d) {
		if err := os.Chmod(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	// Read-only to the server: its working directory, its binary's folder (also its TMPDIR).
	for _, d := range []string{root, binDir} {
		if err := os.Chmod(d, 0o555); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = os.Chmod(d, 0o755) })
	}

	port := freePorts(t, 1)[0]
	r := &replica{name: "unprivileged", port: port, bin: bin,
		args: []string{"serve", "--demo", "--listen", "127.0.0.1:" + port, "--database-url", filepath.Join(dataDir, "wayfinder.db")},
		prepare: func(c *exec.Cmd) {
			c.Dir = root
			c.Env = []string{serveInChild + "=1", "TMPDIR=" + binDir, "HOME=/nonexistent", "PATH=/usr/bin:/bin"}
			if cred != nil {
				c.SysProcAttr = &syscall.SysProcAttr{Credential: cred}
			}
		}}
	r.start(t)
	r.waitReady(t)

	var failures failureLog
	m := newMember(t, "http://127.0.0.1:"+port, 0)
	m.signUp(&failures)
	failures.check(t, "signing up as an unprivileged server")
	if code := m.status(http.MethodGet, "/api/onboarding/definition", nil); code != http.StatusOK {
		t.Errorf("GET /api/onboarding/definition = %d, want 200", code)
	}
	backup := exec.Command(bin, "backup", "--to", filepath.Join(dataDir, "backup.db"), "--database-url", filepath.Join(dataDir, "wayfinder.db"))
	backup.Dir, backup.Env = root, []string{serveInChild + "=1", "TMPDIR=" + binDir, "HOME=/nonexistent"}
	if cred != nil {
		backup.SysProcAttr = &syscall.SysProcAttr{Credential: cred}
	}
	if out, err := backup.CombinedOutput(); err != nil {
		t.Errorf("wayfinder backup as the same user: %v\n%s", err, out)
	}
	r.stop(t)

	// Nothing outside the data folder was written.
	_ = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || path == root {
			return err
		}
		if rel, _ := filepath.Rel(root, path); rel != "bin" && rel != "bin/wayfinder" && rel != "data" && !strings.HasPrefix(rel, "data/") {
			t.Errorf("the server wrote %s, outside its data folder", rel)
		}
		return nil
	})
	for _, want := range []string{"wayfinder.db", "secret.key", "backup.db"} {
		info, err := os.Stat(filepath.Join(dataDir, want))
		if err != nil {
			t.Errorf("the data folder lacks %s: %v", want, err)
			continue
		}
		if st, ok := info.Sys().(*syscall.Stat_t); ok && cred != nil && st.Uid != cred.Uid {
			t.Errorf("%s belongs to uid %d, want the unprivileged user %d", want, st.Uid, cred.Uid)
		}
	}
}
