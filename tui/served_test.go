package tui

import (
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"varia/rules"
	"varia/saves"
	"varia/tui/analysis"
	"varia/tui/match"
)

// fakeTable is a server's table with no server: effects are kept (the
// tests carry out what they need), the clipboard and chat are recorded.
type fakeTable struct {
	fx     []match.Effect
	copied string
	chat   []ChatLine
}

func (f *fakeTable) Host(fx []match.Effect)     { f.fx = append(f.fx, fx...) }
func (f *fakeTable) Title() string              { return "Room K7Q2M" }
func (f *fakeTable) Command(verb string) string { return "ssh -t -p 2222 host " + verb + " K7Q2M" }
func (f *fakeTable) Chat() []ChatLine           { return f.chat }
func (f *fakeTable) Say(text string) error {
	f.chat = append(f.chat, ChatLine{Who: "ann", Text: text})
	return nil
}
func (f *fakeTable) wakes(grace bool) []match.Wake { return wakesIn(f.fx, grace) }

func wakesIn(fx []match.Effect, grace bool) []match.Wake {
	var out []match.Wake
	for _, e := range fx {
		if w, ok := e.(match.Wake); ok && w.Grace == grace {
			out = append(out, w)
		}
	}
	return out
}

// nullKeeper writes nothing.
type nullKeeper struct{}

func done() <-chan saves.Result {
	ch := make(chan saves.Result, 1)
	ch <- saves.Result{}
	return ch
}

func (nullKeeper) Keep(*saves.SavedGame) <-chan saves.Result                       { return done() }
func (nullKeeper) Finish(*saves.SavedGame) <-chan saves.Result                     { return done() }
func (nullKeeper) SaveAs(*saves.SavedGame, string, bool, bool) <-chan saves.Result { return done() }
func (nullKeeper) Close() <-chan saves.Result                                      { return done() }

// servedTable is a match between two remote players and three clients'
// interfaces over it: White's, Black's and a spectator's.
type servedTable struct {
	m       *match.Match
	table   *fakeTable
	clock   *fakeTime
	white   *App
	black   *App
	watcher *App

	analysisEngines int // made for the clients' analyses
}

func newServedTable(t *testing.T, clock saves.TimeControl) *servedTable {
	t.Helper()
	ft := &fakeTime{now: time.Date(2026, 3, 14, 15, 9, 26, 0, time.UTC)}
	m := match.New(match.Options{
		Game:    rules.NewGame(rules.Standard),
		Players: [2]match.Player{match.RemotePlayer("ann ·AAAA"), match.RemotePlayer("bob ·BBBB")},
		Clock:   clock,
		Keeper:  nullKeeper{},
		Grace:   time.Minute,
		Now:     ft.Now,
	})
	st := &servedTable{m: m, table: &fakeTable{}, clock: ft}
	st.table.Host(m.Start())
	client := func(player bool, side rules.Color) *App {
		ctx := testContext(false)
		ctx.Services.Control = func(seq string) { st.table.copied = seq }
		ctx.Services.NewAnalysisEngine = func() analysis.Engine { st.analysisEngines++; return nil }
		app := NewServed(ctx, ServedOptions{Match: m, Player: player, Side: side, Table: st.table})
		app.Update(tea.WindowSizeMsg{Width: testW, Height: testH})
		return app
	}
	st.white, st.black, st.watcher = client(true, rules.White), client(true, rules.Black), client(false, rules.White)
	return st
}

// keys types on one client, and the others look again, as the server
// tells them to.
func (st *servedTable) keys(app *App, names ...string) {
	for _, n := range names {
		app.Update(keyMsg(n))
	}
	for _, other := range []*App{st.white, st.black, st.watcher} {
		if other != app {
			other.Update(Refresh{})
		}
	}
}

func (st *servedTable) typeMove(app *App, move string) {
	st.keys(app, ":")
	for _, r := range move {
		app.Update(keyMsg(string(r)))
	}
	st.keys(app, "enter")
}

func TestServedClientsShareOneMatch(t *testing.T) {
	st := newServedTable(t, saves.TimeControl{Base: 5 * time.Minute})
	st.typeMove(st.white, "e4")
	if historySAN(st.m.Game()) != "e4" {
		t.Fatalf("moves %q", historySAN(st.m.Game()))
	}
	for name, app := range map[string]*App{"Black": st.black, "the spectator": st.watcher} {
		if v := app.View(); !strings.Contains(v, "White played e4.") {
			t.Errorf("%s does not see the move:\n%s", name, v)
		}
	}
	if v := st.white.View(); !strings.Contains(v, "Room K7Q2M · you play White") || !strings.Contains(v, "ann ·AAAA (you)") {
		t.Errorf("White's panel:\n%s", v)
	}
	if v := st.watcher.View(); !strings.Contains(v, "Room K7Q2M · watching") {
		t.Errorf("the spectator's panel:\n%s", v)
	}

	// White cannot move for Black; the spectator acts for nobody.
	st.keys(st.white, ":", "e", "5", "enter")
	if historySAN(st.m.Game()) != "e4" || !strings.Contains(st.white.View(), "It is Black's move") {
		t.Errorf("White moving for Black: %q\n%s", historySAN(st.m.Game()), st.white.View())
	}
	st.keys(st.white, "esc")
	for _, k := range []string{"r", "d", "u", ":", "enter"} {
		st.keys(st.watcher, k)
		if !strings.Contains(st.watcher.View(), "You are watching this game.") || st.m.Game().Result().Over() {
			t.Errorf("the spectator's %q acted on the game", k)
		}
	}

	// Nothing of the server's: no new game, menu, file picker, settings.
	before := st.white.View()
	for _, msg := range []tea.Msg{startGameMsg{}, openMenuMsg{}, openFilesMsg{}, openSettingsMsg{}, resumeMsg{path: "/etc/passwd"}} {
		if _, cmd := st.white.Update(msg); cmd != nil || len(st.white.stack) != 1 || st.white.current() != st.white.stack[0] {
			t.Errorf("%T changed the served screen", msg)
		}
	}
	st.keys(st.white, "n")
	if v := st.white.View(); v != before && strings.Contains(v, "New game") {
		t.Error("n offered a new game")
	}
	st.keys(st.white, "o")
	if !strings.Contains(st.white.View(), "The replay opens when") {
		t.Errorf("o during the game:\n%s", st.white.View())
	}
	st.keys(st.white, "s")
	pgn, _ := pgnText(st.m.Snapshot())
	if want := copySeq(strings.TrimRight(pgn, "\n")); st.table.copied != want || !strings.Contains(st.white.View(), "The PGN is copied") || !strings.Contains(st.white.View(), "pgn K7Q2M") {
		t.Errorf("s copies the PGN: %q\n%s", st.table.copied, st.white.View())
	}
	st.keys(st.white, "esc")
	if help := st.white.View(); strings.Contains(help, "new game") || strings.Contains(help, "hint") {
		t.Errorf("the help line offers what a client may not do:\n%s", help)
	}

	// The rules guide over the game stops nothing: the others play on.
	st.keys(st.black, "g")
	if _, running := st.m.Clock().Running(); !running {
		t.Error("a client's guide stopped the clock")
	}
	st.black.Update(keyMsg("esc"))
	st.black.Update(backMsg{})
	if !strings.Contains(st.black.View(), "Room K7Q2M") {
		t.Errorf("back from the guide:\n%s", st.black.View())
	}

	// Chat.
	st.keys(st.black, "'")
	for _, r := range "good luck" {
		st.black.Update(keyMsg(string(r)))
	}
	st.keys(st.black, "enter")
	if !strings.Contains(st.white.View(), "ann: good luck") {
		t.Errorf("the chat line:\n%s", st.white.View())
	}
}

// Draw offers and takeback requests are answered in a dialog on the
// opponent's screen; a claim against an absent opponent is offered once
// the grace period is over.
func TestServedProposalsAndClaims(t *testing.T) {
	st := newServedTable(t, saves.TimeControl{})
	st.typeMove(st.white, "e4")
	st.typeMove(st.black, "e5")
	st.keys(st.white, "u")
	if !strings.Contains(st.black.View(), "White asks to take") {
		t.Fatalf("Black is not asked:\n%s", st.black.View())
	}
	if strings.Contains(st.watcher.View(), "Do you agree") {
		t.Error("the spectator is asked")
	}
	st.keys(st.black, "y")
	if historySAN(st.m.Game()) != "" {
		t.Errorf("after the takeback: %q", historySAN(st.m.Game()))
	}
	st.typeMove(st.white, "d4")
	st.typeMove(st.black, "d5")
	st.keys(st.white, "d")
	if !strings.Contains(st.black.View(), "White offers a draw.") {
		t.Fatalf("Black is not asked:\n%s", st.black.View())
	}
	// A move answers the offer: the question goes.
	st.typeMove(st.white, "c4")
	if _, ok := st.m.Consent().DrawOffer(); ok || strings.Contains(st.black.View(), "do you accept") {
		t.Errorf("the offer outlived a move:\n%s", st.black.View())
	}

	// Black leaves; White may claim once the grace period is over.
	st.table.Host(st.m.Absence().Left(rules.Black))
	st.keys(st.white, "d")
	if _, ok := st.m.Consent().DrawOffer(); !ok {
		t.Fatal("within the grace period d offers a draw")
	}
	st.clock.advance(time.Minute)
	w := st.table.wakes(true)
	if len(w) == 0 {
		t.Fatal("no wake-up at the end of the grace period")
	}
	st.m.Handle(match.Woke{Match: st.m.ID(), Seq: w[len(w)-1].Seq, Grace: true})
	st.white.Update(Refresh{})
	if !strings.Contains(st.white.View(), "Black has been away") {
		t.Errorf("White is not told:\n%s", st.white.View())
	}
	st.keys(st.white, "d")
	st.keys(st.white, "w")
	if res := st.m.Game().Result(); res != (rules.Result{Status: rules.WhiteWins, Reason: rules.Abandonment}) {
		t.Errorf("the claim: %v", res)
	}
	engines := st.analysisEngines // one for each client's game screen
	if engines != 3 {
		t.Errorf("the game screens' analyses made %d engines of the server's, want 3", engines)
	}
	if _, cmd := st.white.Update(keyMsg("o")); cmd != nil {
		st.white.Update(cmd())
	}
	if !strings.Contains(st.white.View(), "Replay · Chess") {
		t.Errorf("o after the game:\n%s", st.white.View())
	}
	if st.analysisEngines != engines+1 {
		t.Errorf("the replay's analysis made %d engines of the server's, want 1", st.analysisEngines-engines)
	}
	st.keys(st.white, "c") // continue: not from a server's game
	if strings.Contains(st.white.View(), "Continue from this position") {
		t.Error("a client is offered to play on from the replay")
	}
	st.keys(st.white, "s") // save: nothing on the server's disk
	if strings.Contains(st.white.View(), "Save as") {
		t.Error("a client is offered to save the replayed game on the server")
	}
}
