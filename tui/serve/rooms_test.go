package serve

import (
	"bytes"
	"encoding/base64"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"varia/rules"
	"varia/saves"
)

var roomLine = regexp.MustCompile(`Room ([2-9A-HJ-NP-Z]{5})`)

// roomCode reads the code from a room's waiting screen.
func roomCode(t *testing.T, tm *term) string {
	t.Helper()
	tm.waitFor("Waiting for a friend")
	m := roomLine.FindStringSubmatch(tm.screen())
	if m == nil {
		t.Fatalf("no room code on screen:\n%s", tm.screen())
	}
	return m[1]
}

// seatTwo is a room with its two players at their game, White first.
func seatTwo(t *testing.T, ts *testServer, args string) (code string, white, black *term) {
	t.Helper()
	white = open(t, ts.dial(t, "alice", newKey(t)), "new "+args, 100, 30)
	code = roomCode(t, white)
	black = open(t, ts.dial(t, "bob", newKey(t)), "join "+code, 100, 30)
	white.waitFor("you play White")
	black.waitFor("you play Black")
	return code, white, black
}

// roomGame reads the game a room's file holds, finished or not.
func roomGame(t *testing.T, ts *testServer, code string) *saves.SavedGame {
	t.Helper()
	data, err := ts.reg.store.pgn(code)
	if err != nil {
		t.Fatal(err)
	}
	games, err := saves.Read(bytes.NewReader(data), code+".pgn")
	if err != nil || len(games) != 1 {
		t.Fatalf("room %s's file: %v", code, err)
	}
	return games[0]
}

func moveList(g *rules.Game) string {
	var sans []string
	for _, r := range g.History() {
		sans = append(sans, r.SAN)
	}
	return strings.Join(sans, " ")
}

// Two players and a spectator, each with a terminal of its own size:
// each move reaches the others, the game is kept as it goes, a player
// who drops keeps the seat and comes back to the game as it stands.
func TestTwoPlayersAndASpectatorSeeEachOthersMoves(t *testing.T) {
	t.Parallel()
	ts := startServer(t, "", nil)
	aliceKey, bobKey := newKey(t), newKey(t)
	alice := open(t, ts.dial(t, "alice", aliceKey), "new --variant asha --clock 5+3", 100, 30)
	code := roomCode(t, alice)
	alice.waitFor("join " + code) // how the friend joins
	if !strings.Contains(alice.screen(), "Asha chess") || !strings.Contains(alice.screen(), "5+3") {
		t.Errorf("the room does not show its game:\n%s", alice.screen())
	}

	bob := open(t, ts.dial(t, "bob", bobKey), "join "+strings.ToLower(code), 80, 24)
	bob.waitFor("Room " + code + " · you play Black")
	alice.waitFor("Room " + code + " · you play White")
	carol := open(t, ts.dial(t, "carol", newKey(t)), "watch "+code, 200, 60)
	carol.waitFor("Room " + code + " · watching")
	carol.waitFor("White 5:00")

	alice.keys(":e4\r")
	bob.waitFor("White played e4.")
	carol.waitFor("White played e4.")
	bob.keys(":e5\r")
	alice.waitFor("Black played e5.")
	carol.waitFor("Black played e5.")
	// Out of turn, and for a spectator, the board takes no move.
	bob.keys(":d6\r")
	bob.waitFor("It is White's move")
	bob.keys("\x1b")
	carol.keys(":")
	carol.waitFor("You are watching this game.")
	waitUntil(t, "the moves to reach the room's file", func() bool { return moveList(roomGame(t, ts, code).Game) == "e4 e5" })
	if sg := roomGame(t, ts, code); sg.Tags.Get("White") != "alice" || sg.Tags.Get("Black") != "bob" {
		t.Errorf("the room's file: %v", sg.Tags)
	}

	// A third player finds the seats taken, and is told how to watch.
	r := run(t, ts.dial(t, "dave", newKey(t)), "pgn "+code)
	if r.code != 0 || !strings.Contains(r.stdout, `[VariaRoom "`+code+`"]`) || !strings.Contains(r.stdout, "1. e4 ") || !strings.Contains(r.stdout, " e5 ") {
		t.Errorf("pgn %s: exit %d, %q", code, r.code, r.stdout)
	}
	d := open(t, ts.dial(t, "dave", newKey(t)), "join "+code, 80, 24)
	if status, msg := d.wait(); status != 1 || !strings.Contains(msg, "watch "+code) {
		t.Errorf("join of a full room: exit %d, %q", status, msg)
	}

	// Alice drops; her seat and her clock wait for her, and her key
	// brings her back to the game as it stands.
	alice.s.Close()
	bob.waitFor("White has left")
	carol.waitFor("White is away")
	alice = open(t, ts.dial(t, "alice", aliceKey), "join "+code, 120, 40)
	alice.waitFor("you play White")
	alice.waitFor("1. e4")
	bob.waitFor("White is back.")
	alice.keys(":Nf3\r")
	bob.waitFor("White played Nf3.")
	carol.waitFor("White played Nf3.")

	// The spectator leaves.
	carol.keys("q")
	if status, _ := carol.wait(); status != 0 {
		t.Errorf("a spectator quitting: exit %d", status)
	}
}

// A takeback is asked of the opponent, who may refuse; a draw offered
// is accepted; the game is filed as it ended, and the screens offer its
// PGN, its replay and analysis, never the server's files.
func TestTakebacksAndDrawsAreAskedOfTheOpponent(t *testing.T) {
	t.Parallel()
	ts := startServer(t, "", func(c *Config) { c.Limits.SearchTime = 300 * time.Millisecond })
	code, alice, bob := seatTwo(t, ts, "")
	alice.keys("o")
	alice.waitFor("The replay opens when")
	alice.keys(":d4\r")
	bob.waitFor("White played d4.")
	bob.keys(":d5\r")
	alice.waitFor("Black played d5.")
	alice.keys(":c4\r")
	bob.waitFor("White played c4.")

	// Black asks to take d5 back (and c4 with it); White refuses, then
	// agrees.
	bob.keys("u")
	bob.waitFor("Takeback asked; waiting for White.")
	alice.waitFor("Black asks to take")
	alice.keys("n")
	bob.waitFor("White declined")
	alice.waitFor("White declined")
	bob.keys("u")
	alice.waitFor("Black asks to take")
	alice.keys("y")
	bob.waitFor("Black's move d5 taken back")
	alice.waitFor("Black's move d5 taken back")
	waitUntil(t, "the takeback to reach the room's file", func() bool { return moveList(roomGame(t, ts, code).Game) == "d4" })

	// Black offers a draw; White accepts.
	bob.keys("d")
	alice.waitFor("Black offers a draw.")
	alice.keys("y")
	bob.waitFor("Game over: 1/2-1/2")
	alice.waitFor("Game over: 1/2-1/2")
	waitUntil(t, "the game to be filed, and the room's file gone", func() bool {
		_, filed := os.Stat(filepath.Join(ts.dir, "games", code+".pgn"))
		_, kept := os.Stat(filepath.Join(ts.dir, "rooms", code+".pgn"))
		return filed == nil && os.IsNotExist(kept)
	})
	sg := roomGame(t, ts, code)
	if res := sg.Game.Result(); res.Reason != rules.Agreement || moveList(sg.Game) != "d4" {
		t.Errorf("the filed game: %v, %q", res, moveList(sg.Game))
	}

	// The PGN goes to the player's clipboard, by OSC 52; nothing is saved
	// on the server where a player says.
	alice.keys("s")
	alice.waitFor("The PGN is copied")
	alice.waitFor("pgn " + code)
	var pgn strings.Builder
	sg.Write(&pgn)
	want := "\x1b]52;c;" + base64.StdEncoding.EncodeToString([]byte(strings.TrimRight(pgn.String(), "\n"))) + "\a"
	waitUntil(t, "the PGN's OSC 52 sequence", func() bool { return strings.Contains(alice.rawOutput(), want) })
	alice.keys("\x1b")
	alice.waitFor("Moves") // the page is closed (an esc and a key at once would be alt+key)
	// After the game, its replay, from which nothing is played on.
	alice.keys("o")
	alice.waitFor("Replay · Chess")
	alice.waitFor("the game played here")
	// Its analysis runs, in the server's queue.
	alice.keys("a")
	alice.waitFor("Analysis · depth")
	alice.keys("c")
	alice.keys("\x1b") // back to the game
	alice.waitFor("Room " + code)
	if strings.Contains(alice.screen(), "Continue from this position") {
		t.Error("a client was offered to play on from the replay")
	}
}

// A player who stays away longer than the grace period loses the right
// to the seat: the opponent claims the win (or a draw).
func TestAnAbsentPlayersGameIsClaimedAfterTheGracePeriod(t *testing.T) {
	t.Parallel()
	ts := startServer(t, "", func(c *Config) { c.Limits.Grace = 300 * time.Millisecond })
	code, alice, bob := seatTwo(t, ts, "--clock 1+0")
	alice.keys(":e4\r")
	bob.waitFor("White played e4.")
	alice.keys("d")
	alice.waitFor("You offered a draw")
	bob.s.Close()
	alice.waitFor("Black has left")
	alice.waitFor("Black has been away")
	alice.keys("d")
	alice.waitFor("Black has been away too")
	alice.keys("w")
	alice.waitFor("Game over: 1-0")
	waitUntil(t, "the game to be filed", func() bool {
		_, err := os.Stat(filepath.Join(ts.dir, "games", code+".pgn"))
		return err == nil
	})
	if res := roomGame(t, ts, code).Game.Result(); res != (rules.Result{Status: rules.WhiteWins, Reason: rules.Abandonment}) {
		t.Errorf("the filed game: %v", res)
	}
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
	bob.waitFor("you play White")
	alice.waitFor("you play Black")

	// The room is full; enter from the lobby watches it.
	carol := open(t, ts.dial(t, "carol", newKey(t)), "", 120, 30)
	carol.waitFor(code)
	carol.keys("\r")
	carol.waitFor("Room " + code + " · watching")

	// A room of one's own from the lobby's form.
	dave := open(t, ts.dial(t, "dave", newKey(t)), "", 120, 30)
	dave.waitFor("rooms on this server")
	dave.keys("n")
	dave.waitFor("A new room")
	dave.keys("\x1b[C") // the next variant
	dave.keys("\r")
	dave.waitFor("Asha chess")
	dave.waitFor("Waiting for a friend")
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
