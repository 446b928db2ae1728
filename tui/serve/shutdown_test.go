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
	t.Parallel()
	dir := t.TempDir()
	ts := startServer(t, dir, nil)
	aliceKey, bobKey := newKey(t), newKey(t)
	alice := open(t, ts.dial(t, "alice", aliceKey), "new --variant asha --clock 3+2 --black", 80, 24)
	code := roomCode(t, alice)
	bob := open(t, ts.dial(t, "bob", bobKey), "join "+code, 80, 24)
	bob.waitFor("you play White")
	bob.keys(":e4\r")
	alice.waitFor("White played e4.")
	alice.keys(":c5\r")
	bob.waitFor("Black played c5.")
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
	if got := moveList(games[0].Game); got != "e4 c5" {
		t.Errorf("the room's file holds %q", got)
	}
	tags := games[0].Tags
	for tag, want := range map[string]string{
		"White": "bob", "Black": "alice", "Variant": "Asha", "TimeControl": "180+2", "Result": "*",
		tagRoom: code, tagWhiteKey: Fingerprint(bobKey.PublicKey()), tagBlackKey: Fingerprint(aliceKey.PublicKey()),
	} {
		if got := tags.Get(tag); got != want {
			t.Errorf("[%s %q], want %q", tag, got, want)
		}
	}

	// The next server has the rooms back, each seat held for its key, and
	// the game goes on where it stood.
	next := startServer(t, dir, nil)
	rooms := next.reg.list()
	if len(rooms) != 2 {
		t.Fatalf("%d rooms after the restart, want 2: %+v", len(rooms), rooms)
	}
	if r := run(t, next.dial(t, "dave", newKey(t)), "pgn "+code); r.code != 0 || !strings.Contains(r.stdout, `[Variant "Asha"]`) {
		t.Errorf("pgn after the restart: exit %d, %q %q", r.code, r.stdout, r.stderr)
	}
	alice = open(t, next.dial(t, "alice", aliceKey), "join "+code, 80, 24)
	alice.waitFor("you play Black")
	alice.waitFor("1. e4")
	alice.waitFor("White has left") // bob has not come back yet
	bob = open(t, next.dial(t, "bob", bobKey), "join "+code, 100, 30)
	bob.waitFor("you play White")
	alice.waitFor("White is back.")
	bob.keys(":Nf3\r")
	alice.waitFor("White played Nf3.")
	if status, msg := open(t, next.dial(t, "erin", newKey(t)), "join "+code, 80, 24).wait(); status != 1 || !strings.Contains(msg, "two players") {
		t.Errorf("a stranger joining a restored room: exit %d, %q", status, msg)
	}
}

func TestRoomsNobodyComesBackToAreClosed(t *testing.T) {
	t.Parallel()
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
