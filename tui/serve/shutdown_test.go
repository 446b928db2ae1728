package serve

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"varia/saves"
)

func TestShutdownSavesEveryRoomAndTheNextServerResumesThem(t *testing.T) {
	dir := t.TempDir()
	ts := startServer(t, dir, nil)
	aliceKey, bobKey := newKey(t), newKey(t)
	alice := open(t, ts.dial(t, "alice", aliceKey), "new --variant diagonal --clock 3+2 --black", 80, 24)
	code := roomCode(t, alice)
	bob := open(t, ts.dial(t, "bob", bobKey), "join "+code, 80, 24)
	bob.waitFor("← you")
	engineRoom := open(t, ts.dial(t, "bob", bobKey), "play --variant asean --level hard", 80, 24)
	engineRoom.waitFor("Varia Hard")
	lobby := open(t, ts.dial(t, "carol", newKey(t)), "", 80, 24)
	lobby.waitFor(code)

	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	start := time.Now()
	if err := ts.Shutdown(ctx); err != nil {
		t.Fatal(err)
	}
	if d := time.Since(start); d > 3*time.Second {
		t.Errorf("shutdown took %v", d)
	}
	for name, tm := range map[string]*term{"alice": alice, "bob": bob} {
		status, msg := tm.wait()
		if status != 0 || !strings.Contains(msg, "the server is stopping; your game is saved") || !strings.Contains(msg, "join "+code) {
			t.Errorf("%s at shutdown: exit %d, %q", name, status, msg)
		}
	}
	if status, msg := lobby.wait(); status != 0 || !strings.Contains(msg, "the server is stopping") {
		t.Errorf("the lobby at shutdown: exit %d, %q", status, msg)
	}
	if _, err := ts.tryDial("dave"); err == nil {
		t.Error("a stopped server took a connection")
	}

	games, err := saves.ReadFile(filepath.Join(dir, "rooms", code+".pgn"))
	if err != nil {
		t.Fatal(err)
	}
	tags := games[0].Tags
	for tag, want := range map[string]string{
		"White": "bob", "Black": "alice", "Variant": "Diagonal", "TimeControl": "180+2", "Result": "*",
		tagRoom: code, tagWhiteKey: Fingerprint(bobKey.PublicKey()), tagBlackKey: Fingerprint(aliceKey.PublicKey()),
	} {
		if got := tags.Get(tag); got != want {
			t.Errorf("[%s %q], want %q", tag, got, want)
		}
	}

	// The next server has the rooms back, each seat held for its key.
	next := startServer(t, dir, nil)
	rooms := next.reg.list()
	if len(rooms) != 2 {
		t.Fatalf("%d rooms after the restart, want 2: %+v", len(rooms), rooms)
	}
	if r := run(t, next.dial(t, "dave", newKey(t)), "pgn "+code); r.code != 0 || !strings.Contains(r.stdout, `[Variant "Diagonal"]`) {
		t.Errorf("pgn after the restart: exit %d, %q %q", r.code, r.stdout, r.stderr)
	}
	alice = open(t, next.dial(t, "alice", aliceKey), "join "+code, 80, 24)
	alice.waitFor("White  bob")
	alice.waitFor("(away") // bob has not come back yet
	alice.waitFor("Black  alice")
	alice.waitFor("← you")
	bob = open(t, next.dial(t, "bob", bobKey), "join "+code, 80, 24)
	bob.waitFor("White  bob")
	bob.waitFor("← you")
	if status, msg := open(t, next.dial(t, "erin", newKey(t)), "join "+code, 80, 24).wait(); status != 1 || !strings.Contains(msg, "two players") {
		t.Errorf("a stranger joining a restored room: exit %d, %q", status, msg)
	}
}

func TestRoomsNobodyComesBackToAreClosed(t *testing.T) {
	ts := startServer(t, "", func(c *Config) { c.Limits.Grace = 200 * time.Millisecond })
	alice := open(t, ts.dial(t, "alice", newKey(t)), "new", 80, 24)
	code := roomCode(t, alice)
	alice.keys("q")
	alice.wait()
	waitUntil(t, "the abandoned room to close", func() bool { return len(ts.reg.list()) == 0 })
	if _, err := os.Stat(filepath.Join(ts.dir, "rooms", code+".pgn")); !os.IsNotExist(err) {
		t.Errorf("the abandoned room's file: %v", err)
	}
}

func TestUnreadableRoomFilesAreReportedAndLeft(t *testing.T) {
	dir := t.TempDir()
	rooms := filepath.Join(dir, "rooms")
	os.MkdirAll(rooms, 0o700)
	files := map[string]string{
		"ABCDE.pgn":    "[Variant \"Nope\"]\n\n1. e4 *\n",
		"notacode.pgn": "*\n",
		"FGHJK.pgn":    "[White \"a\"]\n[Black \"b\"]\n\n1. e4 e5 *\n", // no keys: nobody's seat
	}
	for name, text := range files {
		os.WriteFile(filepath.Join(rooms, name), []byte(text), 0o600)
	}
	ts := startServer(t, dir, nil)
	if n := len(ts.reg.list()); n != 0 {
		t.Errorf("%d rooms from broken files", n)
	}
	for name := range files {
		if _, err := os.Stat(filepath.Join(rooms, name)); err != nil {
			t.Errorf("%s: %v", name, err)
		}
		if !strings.Contains(ts.logs.String(), name) {
			t.Errorf("%s is not reported", name)
		}
	}
}
