package serve

import (
	"regexp"
	"strings"
	"testing"
)

var roomLine = regexp.MustCompile(`Room ([2-9A-HJ-NP-Z]{5})`)

// roomCode reads the code from a room's screen.
func roomCode(t *testing.T, tm *term) string {
	t.Helper()
	tm.waitFor("Waiting for a friend")
	m := roomLine.FindStringSubmatch(tm.screen())
	if m == nil {
		t.Fatalf("no room code on screen:\n%s", tm.screen())
	}
	return m[1]
}

func TestFriendJoinsSpectatorWatchesPlayerComesBack(t *testing.T) {
	ts := startServer(t, "", nil)
	aliceKey, bobKey := newKey(t), newKey(t)
	alice := open(t, ts.dial(t, "alice", aliceKey), "new --variant asha --clock 5+3", 100, 30)
	code := roomCode(t, alice)
	alice.waitFor("join " + code) // how the friend joins
	if !strings.Contains(alice.screen(), "Asha chess") || !strings.Contains(alice.screen(), "5+3") {
		t.Errorf("the room does not show its game:\n%s", alice.screen())
	}

	bob := open(t, ts.dial(t, "bob", bobKey), "join "+strings.ToLower(code), 80, 24)
	bob.waitFor("bob")
	bob.waitFor("← you")
	alice.waitFor("bob")

	carol := open(t, ts.dial(t, "carol", newKey(t)), "watch "+code, 120, 40)
	carol.waitFor("Watching: 1")
	alice.waitFor("Watching: 1")

	// A third player finds the seats taken, and is told how to watch.
	r := run(t, ts.dial(t, "dave", newKey(t)), "pgn "+code)
	if r.code != 0 || !strings.Contains(r.stdout, `[VariaRoom "`+code+`"]`) || !strings.Contains(r.stdout, `[Black "bob"]`) {
		t.Errorf("pgn %s: exit %d, %q", code, r.code, r.stdout)
	}
	dave := ts.dial(t, "dave", newKey(t))
	d := open(t, dave, "join "+code, 80, 24)
	if status, msg := d.wait(); status != 1 || !strings.Contains(msg, "watch "+code) {
		t.Errorf("join of a full room: exit %d, %q", status, msg)
	}

	// Alice drops; her seat waits for her, and her key gets it back.
	alice.s.Close()
	bob.waitFor("away")
	alice = open(t, ts.dial(t, "alice", aliceKey), "join "+code, 100, 30)
	alice.waitFor("White  alice")
	alice.waitFor("← you")
	bob.waitFor("alice ·" + shortFingerprint(Fingerprint(aliceKey.PublicKey())) + " (here)")

	// The spectator leaves; the room counts one fewer.
	carol.keys("q")
	if status, _ := carol.wait(); status != 0 {
		t.Errorf("a spectator quitting: exit %d", status)
	}
	bob.waitFor("Watching: 0")
}

func TestJoinAndWatchUnknownRooms(t *testing.T) {
	ts := startServer(t, "", nil)
	c := ts.dial(t, "alice", newKey(t))
	for _, cmd := range []string{"join ABCDE", "watch ABCDE"} {
		tm := open(t, c, cmd, 80, 24)
		if status, msg := tm.wait(); status != 1 || !strings.Contains(msg, "no such room") {
			t.Errorf("%s: exit %d, %q", cmd, status, msg)
		}
	}
}

func TestLobbyListsRoomsAndEntersThem(t *testing.T) {
	ts := startServer(t, "", nil)
	alice := open(t, ts.dial(t, "alice", newKey(t)), "new --variant edgy --black", 100, 30)
	code := roomCode(t, alice)

	bob := open(t, ts.dial(t, "bob", newKey(t)), "", 120, 30)
	bob.waitFor(code)
	bob.waitFor("Edgy chess")
	bob.waitFor("— waiting —")
	bob.keys("\r") // join the room under the cursor
	bob.waitFor("White  bob")
	alice.waitFor("White  bob")

	// Back in the lobby, the room is full; enter watches it.
	bob.keys("\x1b")
	bob.waitFor("rooms on this server")
	carol := open(t, ts.dial(t, "carol", newKey(t)), "", 120, 30)
	carol.waitFor(code)
	carol.keys("\r")
	carol.waitFor("Watching: 1")

	// A room of one's own from the lobby's form.
	bob.keys("n")
	bob.waitFor("A new room")
	bob.keys("\x1b[C") // the next variant
	bob.keys("\r")
	bob.waitFor("Asha chess")
	bob.waitFor("Waiting for a friend")
}

func TestLobbySetsTheName(t *testing.T) {
	ts := startServer(t, "", nil)
	key := newKey(t)
	lobby := open(t, ts.dial(t, "root", key), "", 100, 30)
	lobby.waitFor("you are root")
	lobby.keys("N")
	lobby.waitFor("Your name")
	lobby.keys(strings.Repeat("\x7f", 10) + "Zoë<b>\r") // nothing that could become markup or escapes
	lobby.waitFor("you are Zoëb ·")
	lobby.keys("q")
	lobby.wait()
	// The name is kept for the key, by this server and the next.
	again := startServer(t, ts.dir, nil)
	tm := open(t, again.dial(t, "root", key), "new", 100, 30)
	tm.waitFor("White  Zoëb ·")
}
