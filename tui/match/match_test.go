package match

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"varia/rules"
	"varia/saves"
)

// Two people at one board: moves, refusals, undo and redo, each change
// counted and told in a note.
func TestTwoPlayers(t *testing.T) {
	h, _ := newHost(t, Options{})
	m := h.m
	e4, _ := m.Game().Position().ParseMove("e4")
	if err := h.act(m.Play(rules.Black, e4)); !errors.Is(err, RefusedNotYourMove) {
		t.Errorf("Black before White: %v", err)
	}
	v := m.Version()
	if err := h.play(rules.White, "e4"); err != nil {
		t.Fatal(err)
	}
	seq, n := m.Note()
	if n.Kind != NotePlayed || n.Side != rules.White || n.SAN != "e4" || n.Engine || m.Version() != v+1 {
		t.Errorf("after e4: note %d %+v, version %d", seq, n, m.Version())
	}
	if err := h.act(m.Undo()); err != nil || m.Game().Len() != 0 {
		t.Fatalf("undo: %v", err)
	}
	if _, n := m.Note(); n.Kind != NoteTakenBack {
		t.Errorf("undo note %+v", n)
	}
	if err := h.act(m.Undo()); !errors.Is(err, RefusedNoUndo) {
		t.Errorf("undo at the start: %v", err)
	}
	if err := h.act(m.Redo()); err != nil || history(m.Game()) != "e4" {
		t.Errorf("redo: %v, %q", err, history(m.Game()))
	}
	if err := h.act(m.Redo()); !errors.Is(err, RefusedNoRedo) {
		t.Errorf("redo at the end: %v", err)
	}
	if _, _, err := m.Computer().MoveNow(); !errors.Is(err, RefusedNoComputer) {
		t.Errorf("move now without a computer: %v", err)
	}
}

// A draw offer waits for the opponent's answer; a move lets it lapse.
func TestDrawOffer(t *testing.T) {
	h, _ := newHost(t, Options{})
	m := h.m
	h.play(rules.White, "e4")
	if err := h.act(m.OfferDraw(rules.White)); !errors.Is(err, RefusedNotYourMove) {
		t.Errorf("an offer out of turn: %v", err)
	}
	if err := h.act(m.OfferDraw(rules.Black)); err != nil {
		t.Fatal(err)
	}
	if p, ok := m.Consent().DrawOffer(); !ok || p.By != rules.Black {
		t.Fatal("the offer should wait for White")
	}
	if err := h.act(m.Consent().AnswerDraw(false)); err != nil {
		t.Fatal(err)
	}
	if _, n := m.Note(); n.Kind != NoteDrawDeclined || m.Game().Result().Over() {
		t.Errorf("declined: %+v", n)
	}
	h.act(m.OfferDraw(rules.Black))
	h.play(rules.Black, "e5")
	if _, ok := m.Consent().DrawOffer(); ok {
		t.Error("a move lets the offer lapse")
	}
	h.act(m.OfferDraw(rules.White))
	if err := h.act(m.Consent().AnswerDraw(true)); err != nil || m.Game().Result().Reason != rules.Agreement {
		t.Errorf("accepted: %v, %v", err, m.Game().Result())
	}
	if _, n := m.Note(); n.Kind != NoteGameOver {
		t.Errorf("note %+v", n)
	}
	if err := h.act(m.Resign(rules.White)); !errors.Is(err, RefusedGameOver) {
		t.Errorf("resigning a finished game: %v", err)
	}
}

// Against the computer: the engine answers each move, with the level's
// limits and a seed; undo goes back to the person's previous move.
func TestAgainstComputer(t *testing.T) {
	eng := &scripted{prefer: []string{"e7e5", "b8c6"}}
	h, _ := newHost(t, Options{Players: [2]Player{Human, ComputerAt(easy(t))}, NewEngine: func() Engine { return eng }})
	m := h.m
	if m.Mode() != PlayWhite || m.Computer().Search() != nil {
		t.Fatal("the engine waits for White")
	}
	h.play(rules.White, "e4")
	if got := history(m.Game()); got != "e4 e5" {
		t.Fatalf("moves %q", got)
	}
	if _, n := m.Note(); n.Kind != NotePlayed || !n.Engine || n.Side != rules.Black || n.SAN != "e5" {
		t.Errorf("note %+v", n)
	}
	if len(eng.limits) != 1 || eng.limits[0].Depth != easy(t).Limits.Depth || eng.limits[0].Seed == 0 {
		t.Errorf("limits %+v", eng.limits)
	}
	nf3, _ := m.Game().Position().ParseMove("Nf3")
	if err := h.act(m.Play(rules.Black, nf3)); !errors.Is(err, RefusedNotYourMove) {
		t.Errorf("a person moving for the engine: %v", err)
	}
	h.play(rules.White, "Nf3")
	if err := h.act(m.Undo()); err != nil || history(m.Game()) != "e4 e5" {
		t.Fatalf("undo: %v, %q", err, history(m.Game()))
	}
	if _, n := m.Note(); n.Kind != NoteTakenBack || n.SAN != "Nf3" {
		t.Errorf("undo note %+v", n)
	}
	if err := h.act(m.Redo()); err != nil || history(m.Game()) != "e4 e5 Nf3 Nc6" {
		t.Errorf("redo replays to the person's turn: %v, %q", err, history(m.Game()))
	}
	// A draw offer: the engine, not behind, declines.
	if err := h.act(m.OfferDraw(rules.White)); err != nil {
		t.Fatal(err)
	}
	if _, n := m.Note(); n.Kind != NoteEngineDeclines || m.Game().Result().Over() {
		t.Errorf("offer: %+v", n)
	}
	// The engine clearly behind accepts.
	m.engine.score[rules.Black], m.engine.scored[rules.Black] = -2*drawMargin, true
	h.act(m.OfferDraw(rules.White))
	if _, n := m.Note(); n.Kind != NoteEngineAccepts || m.Game().Result().Reason != rules.Agreement {
		t.Errorf("offer to an engine behind: %+v", n)
	}
}

// A result for a position that has since changed is dropped, as is one
// for another match; a failing engine waits until MoveNow.
func TestStaleAndFailedSearches(t *testing.T) {
	eng := &scripted{prefer: []string{"e7e5"}}
	h, _ := newHost(t, Options{Players: [2]Player{Human, ComputerAt(easy(t))}, NewEngine: func() Engine { return eng }})
	m := h.m
	h.hold = true
	h.play(rules.White, "e4")
	if len(h.pending) != 1 || m.Computer().Search() == nil || m.Computer().Search().Side != rules.Black {
		t.Fatalf("the engine should think for Black: %+v", h.pending)
	}
	stale := h.finish(h.pending[0])
	h.pending = nil
	h.act(m.Undo()) // back before e4, while it thinks
	if len(m.Handle(stale)) != 0 || history(m.Game()) != "" {
		t.Errorf("a stale answer was played: %q", history(m.Game()))
	}
	other := stale
	other.Match = m.ID() + 1
	if m.Handle(other) != nil {
		t.Error("another match's answer was taken")
	}

	h.play(rules.White, "d4")
	eng.err = errors.New("out of cheese")
	held := h.pending[0]
	h.hold, h.pending = false, nil
	h.run([]Effect{held})
	if _, n := m.Note(); n.Kind != NoteEngineFailed || m.Computer().Err() == nil || m.Computer().Search() != nil {
		t.Fatalf("a failed search: %+v", n)
	}
	eng.err = nil
	fx, res, err := m.Computer().MoveNow()
	if err != nil || res != Restarted {
		t.Fatalf("move now after a failure: %v %v", res, err)
	}
	h.run(fx)
	if history(m.Game()) != "d4 e5" || m.Computer().Err() != nil {
		t.Errorf("after the restart: %q", history(m.Game()))
	}
}

// The clock: the first move starts it, each move books the mover's time
// and increment, a flag falls on a tick; an engine with a clock budgets
// from its time.
func TestClock(t *testing.T) {
	tc := saves.TimeControl{Base: time.Minute, Increment: 2 * time.Second}
	h, now := newHost(t, Options{Clock: tc})
	m := h.m
	if m.Clock() == nil || m.Clock().Started() {
		t.Fatal("a clock that waits for the first move")
	}
	h.play(rules.White, "e4")
	if side, running := m.Clock().Running(); !running || side != rules.Black || len(h.wakes) == 0 {
		t.Fatalf("Black's time should run, with a tick: %v %v", side, running)
	}
	now.advance(10 * time.Second)
	h.play(rules.Black, "e5")
	if got := m.Clock().Remaining(rules.Black, now.Now()); got != 52*time.Second {
		t.Errorf("Black after 10 s and the increment: %v", got)
	}
	now.advance(62 * time.Second) // White had a minute, and 2 s from e4
	w := h.wakes[len(h.wakes)-1]
	h.run(m.Handle(Woke{Match: m.ID(), Seq: w.Seq}))
	if res := m.Game().Result(); res.Reason != rules.TimeForfeit || res.Status != rules.BlackWins {
		t.Errorf("White's flag: %v", res)
	}
	if _, n := m.Note(); n.Kind != NoteTimeUp || n.Side != rules.White {
		t.Errorf("note %+v", n)
	}
	// A move made after the flag fell does not count.
	h2, now2 := newHost(t, Options{Clock: tc})
	h2.play(rules.White, "e4")
	now2.advance(2 * time.Minute)
	h2.play(rules.Black, "e5")
	if g := h2.m.Game(); g.Len() != 1 || g.Result().Reason != rules.TimeForfeit {
		t.Errorf("a move after the flag: %q, %v", history(g), g.Result())
	}
	// The engine budgets from its clock rather than a fixed time.
	eng := &scripted{}
	h3, _ := newHost(t, Options{Clock: tc, Players: [2]Player{Human, ComputerAt(easy(t))}, NewEngine: func() Engine { return eng }})
	h3.play(rules.White, "e4")
	if len(eng.limits) != 1 || eng.limits[0].MoveTime != 0 || eng.limits[0].Clock.Remaining != time.Minute || eng.limits[0].Clock.Increment != 2*time.Second {
		t.Errorf("the engine's limits with a clock: %+v", eng.limits)
	}
}

// Every change of a game in progress is kept in its own unfinished file;
// the end of the game files it in the saves folder; Close lets the file
// go for another Varia.
func TestKeptOnDisk(t *testing.T) {
	h, _ := newHost(t, Options{Players: [2]Player{Human, ComputerAt(easy(t))}})
	m := h.m
	if m.Saves().File != "" || h.saves != 0 {
		t.Fatal("nothing is written before the first move")
	}
	h.play(rules.White, "e4")
	file := m.Saves().File
	if file == "" {
		t.Fatal("the first move gives the game its file")
	}
	games, err := saves.ReadFile(file)
	if err != nil || games[0].Game.Len() != 2 || games[0].Tags.Get("Black") != "Varia Easy" || games[0].Tags.Get("BlackType") != "program" {
		t.Fatalf("the kept game: %v", err)
	}
	if m.Saves().Busy {
		t.Error("every save was answered")
	}
	h.act(m.Resign(rules.White))
	st := m.Saves().SaveStatus
	if st.SavedTo == "" || m.Saves().File != "" || m.Saves().SavedPath != st.SavedTo {
		t.Fatalf("a finished game is saved and leaves the unfinished games: %+v, file %q", st, m.Saves().File)
	}
	if _, err := os.Stat(file); !os.IsNotExist(err) {
		t.Error("the unfinished file should be gone")
	}
	h.run(m.Close())

	// A game in progress closed stays, free to resume.
	h2, _ := newHost(t, Options{})
	h2.play(rules.White, "d4")
	h2.run(h2.m.Close())
	u, sg, err := saves.ClaimUnfinished(h2.m.Saves().File)
	if err != nil || history(sg.Game) != "d4" {
		t.Fatalf("resuming the closed game: %v", err)
	}
	// Resumed, it goes on in the same file with its own tags.
	h3, _ := newHost(t, Options{Game: sg.Game, Resumed: sg, File: u})
	if h3.m.Saves().File != u.Path() || h3.m.Snapshot().Tags.Get("Date") != sg.Tags.Get("Date") {
		t.Fatal("the resumed game should own its file and tags")
	}
	h3.play(rules.Black, "d5")
	again, _ := saves.ReadFile(u.Path())
	if history(again[0].Game) != "d4 d5" {
		t.Errorf("the resumed game's file holds %q", history(again[0].Game))
	}
	h3.run(h3.m.Close())
}

// The player's own save: a new name is written, an existing one is
// asked about, and the unfinished file says where the game is saved.
func TestSaveAs(t *testing.T) {
	h, _ := newHost(t, Options{})
	m := h.m
	if err := h.act(m.SaveAs(t.TempDir()+"/x.pgn", false, false)); !errors.Is(err, RefusedNothingToSave) {
		t.Errorf("saving before a move: %v", err)
	}
	h.play(rules.White, "e4")
	path := t.TempDir() + "/mine.pgn"
	h.act(m.SaveAs(path, false, false))
	if _, n := m.Note(); n.Kind != NoteSavedAs || n.Path != path || m.Saves().SavedPath != path {
		t.Fatalf("save: %+v", n)
	}
	kept, _ := saves.ReadFile(m.Saves().File)
	if kept[0].Tags.Get(saves.SavedAsTag) != path {
		t.Error("the unfinished file should be marked as saved")
	}
	h.act(m.SaveAs(path, false, false))
	if _, n := m.Note(); n.Kind != NoteSaveExists || n.Path != path {
		t.Errorf("saving over it: %+v", n)
	}
	h.act(m.SaveAs(path, true, false))
	if _, n := m.Note(); n.Kind != NoteSavedAs {
		t.Errorf("replacing it: %+v", n)
	}
	deep := filepath.Join(t.TempDir(), "new", "folder", "x.pgn")
	h.act(m.SaveAs(deep, false, false))
	if _, n := m.Note(); n.Kind != NoteSaveNoFolder || n.Path != deep {
		t.Errorf("saving into a missing folder: %+v", n)
	}
	h.act(m.SaveAs(deep, false, true))
	if _, n := m.Note(); n.Kind != NoteSavedAs || n.Path != deep {
		t.Errorf("saving into a missing folder, making it: %+v", n)
	}
	h.act(m.SaveAs(path+"/in/a/file.pgn", false, true))
	if _, n := m.Note(); n.Kind != NoteSaveFailed || n.Err == nil {
		t.Errorf("saving into a file: %+v", n)
	}
	h.run(m.Close())
}

// The computer playing itself waits a moment before each move, stops
// after an undo and goes on with MoveNow.
func TestComputerVsComputer(t *testing.T) {
	eng := &scripted{}
	h, _ := newHost(t, Options{Players: [2]Player{ComputerAt(easy(t)), ComputerAt(easy(t))}, NewEngine: func() Engine { return eng }})
	m := h.m
	if !m.Computer().Watching() || len(h.wakes) != 1 || !h.wakes[0].Watch || h.wakes[0].After != WatchDelay {
		t.Fatalf("the first move waits: %+v", h.wakes)
	}
	for i := 0; i < 3; i++ {
		w := h.wakes[len(h.wakes)-1]
		h.run(m.Handle(Woke{Match: m.ID(), Seq: w.Seq, Watch: true}))
	}
	if m.Game().Len() != 3 {
		t.Fatalf("three pauses, three moves: %q", history(m.Game()))
	}
	h.act(m.Undo())
	if !m.Computer().Paused() || m.Game().Len() != 2 || m.Computer().Watching() {
		t.Fatal("undo takes one move back and waits")
	}
	if _, n := m.Note(); n.Kind != NoteTakenBackWait {
		t.Errorf("note %+v", n)
	}
	if err := h.act(m.OfferDraw(rules.White)); !errors.Is(err, RefusedBothSides) {
		t.Errorf("an offer between engines: %v", err)
	}
	fx, res, err := m.Computer().MoveNow()
	h.run(fx)
	if err != nil || res != Restarted || m.Game().Len() != 3 {
		t.Errorf("move now: %v %v, %d moves", res, err, m.Game().Len())
	}
}

// Several views follow one match: each acts for the side it seats and
// learns of the other's moves from the notes and the version.
func TestViewsFollowOneMatch(t *testing.T) {
	h, _ := newHost(t, Options{})
	m := h.m
	type view struct {
		seat    rules.Color
		seen    int
		version int
		told    []string
	}
	follow := func(v *view) {
		if seq, n := m.Note(); seq != v.seen {
			v.seen = seq
			v.told = append(v.told, n.SAN)
		}
		v.version = m.Version()
	}
	white, black, spectator := &view{seat: rules.White}, &view{seat: rules.Black}, &view{}
	views := []*view{white, black, spectator}
	for _, step := range []struct {
		by  *view
		san string
	}{{white, "e4"}, {black, "c5"}, {white, "Nf3"}} {
		if err := h.play(step.by.seat, step.san); err != nil {
			t.Fatal(err)
		}
		for _, v := range views {
			follow(v)
		}
	}
	for i, v := range views {
		if strings.Join(v.told, " ") != "e4 c5 Nf3" || v.version != 3 {
			t.Errorf("view %d was told %q, version %d", i, v.told, v.version)
		}
	}
}

// When autosave fails (the unfinished folder is a file) the game is
// unsafe as soon as it has a move nothing holds; saving it elsewhere
// makes it safe until the next move, and so does a finished game's save.
func TestUnsafeWhileAutosaveFails(t *testing.T) {
	data := t.TempDir()
	t.Setenv("XDG_DATA_HOME", data)
	if err := os.MkdirAll(filepath.Join(data, "varia"), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(data, "varia", "unfinished"), []byte("in the way"), 0o644); err != nil {
		t.Fatal(err)
	}
	h, _ := newHost(t, Options{})
	m := h.m
	if m.Saves().Unsafe {
		t.Fatal("a game with no move has nothing to lose")
	}
	h.play(rules.White, "e4")
	if st := m.Saves(); st.KeepErr == nil || !st.Unsafe {
		t.Fatalf("autosave failed: %+v", st)
	}
	path := filepath.Join(t.TempDir(), "elsewhere.pgn")
	h.act(m.SaveAs(path, false, false))
	if st := m.Saves(); st.Unsafe || st.SavedPath != path {
		t.Fatalf("saved elsewhere: %+v", st)
	}
	h.play(rules.Black, "e5")
	if !m.Saves().Unsafe {
		t.Fatal("a move after the save is on disk nowhere")
	}
	h.act(m.Undo())
	if !m.Saves().Unsafe {
		t.Error("an undo changes the game: what is saved may differ")
	}
	h.act(m.Resign(rules.White))
	if st := m.Saves(); st.Unsafe || st.SavedTo == "" {
		t.Fatalf("the finished game is saved in the saves folder: %+v", st)
	}
	h.run(m.Close())

	// Finished, with the saves folder a file too: nothing holds it.
	h2, _ := newHost(t, Options{})
	h2.m.record.keeper = saves.NewKeeper(nil, nil, time.Now(), filepath.Join(data, "varia", "unfinished", "games"))
	h2.play(rules.White, "d4")
	h2.act(h2.m.Resign(rules.Black))
	if st := h2.m.Saves(); st.FinishErr == nil || st.KeepErr == nil || !st.Unsafe {
		t.Fatalf("a finished game nothing could save: %+v", st)
	}
	h2.run(h2.m.Close())

	// Autosave working again: safe after the next move.
	os.Remove(filepath.Join(data, "varia", "unfinished"))
	h3, _ := newHost(t, Options{})
	h3.m.record.status.KeepErr = errors.New("an earlier failure")
	h3.play(rules.White, "c4")
	if st := h3.m.Saves(); st.Unsafe || st.KeepErr != nil {
		t.Fatalf("autosave works again: %+v", st)
	}
	h3.run(h3.m.Close())
}
