package match

import (
	"errors"
	"testing"
	"time"

	"varia/rules"
	"varia/saves"
)

// Each part of a match, tested on its own: a core with a game and its
// players, a clock the test moves, and a changed that counts the
// changes a part reports instead of following them in other parts.

type alone struct {
	c       *core
	time    *fakeTime
	changes int
}

func newAlone(t *testing.T, players [2]Player, moves ...string) *alone {
	t.Helper()
	g := rules.NewGame(rules.Standard)
	for _, mv := range moves {
		if _, err := g.PlayText(mv); err != nil {
			t.Fatalf("%s: %v", mv, err)
		}
	}
	a := &alone{time: &fakeTime{now: time.Date(2026, 3, 14, 15, 9, 26, 0, time.UTC)}}
	a.c = &core{id: 7, game: g, players: players, now: a.time.Now}
	a.c.changed = func() bool {
		a.changes++
		a.c.version++
		return true
	}
	return a
}

func (a *alone) play(t *testing.T, san string) {
	t.Helper()
	if _, err := a.c.game.PlayText(san); err != nil {
		t.Fatalf("%s: %v", san, err)
	}
}

// The clock alone: a move books the mover's time and adds the
// increment, the opponent's time runs; a move taken back between two
// people stops the clock; a move made after the flag fell does not
// count; the times go with the moves.
func TestTimingAlone(t *testing.T) {
	a := newAlone(t, [2]Player{})
	tm := newTiming(a.c, saves.TimeControl{Base: time.Minute, Increment: 2 * time.Second}, nil, false)
	a.play(t, "e4")
	if _, ok := tm.follow(0, 1, a.c.game.Result(), a.time.Now()); !ok {
		t.Fatal("e4 at once counts")
	}
	if side, running := tm.clock.Running(); !running || side != rules.Black {
		t.Fatalf("after e4 Black's time runs: %v %v", side, running)
	}
	if fx := a.c.take(); len(fx) != 1 {
		t.Errorf("the clock asks for its tick: %+v", fx)
	}
	a.time.advance(10 * time.Second)
	a.play(t, "e5")
	tm.follow(1, 2, a.c.game.Result(), a.time.Now())
	if got := tm.times(); len(got) != 2 || got[0] != 62*time.Second || got[1] != 52*time.Second {
		t.Errorf("times after e4 e5: %v", got)
	}
	a.c.game.Undo()
	tm.follow(2, 1, a.c.game.Result(), a.time.Now())
	if _, running := tm.clock.Running(); running || len(tm.times()) != 1 {
		t.Errorf("a move taken back at one keyboard stops the clock: %v, %v", running, tm.times())
	}
	tm.clock.Start(rules.Black, a.time.Now())
	a.time.advance(2 * time.Minute)
	a.play(t, "e5")
	if mover, ok := tm.follow(1, 2, a.c.game.Result(), a.time.Now()); ok || mover != rules.Black {
		t.Errorf("Black's move after the flag fell: %v %v", mover, ok)
	}
}

// Times read with a game continued without a clock stay with the moves
// they were read with.
func TestTimingKeepsTimesRead(t *testing.T) {
	a := newAlone(t, [2]Player{}, "e4", "e5")
	read := []time.Duration{time.Minute, 50 * time.Second}
	tm := newTiming(a.c, saves.TimeControl{}, read, false)
	if got := tm.times(); len(got) != 2 || got[1] != 50*time.Second {
		t.Errorf("times read: %v", got)
	}
	a.c.game.Undo()
	a.play(t, "c5")
	if got := tm.times(); len(got) != 2 || got[0] != time.Minute || got[1] != saves.NoClock {
		t.Errorf("1... c5 has no time of 1... e5's: %v", got)
	}
}

// Absence alone: a remote player who leaves is told once, the grace
// period's end once; the opponent may claim only after it; back again,
// nothing may be claimed.
func TestAbsenceAlone(t *testing.T) {
	a := newAlone(t, [2]Player{RemotePlayer("ann"), Human}, "e4")
	ab := Absence{c: a.c, grace: time.Minute}
	if fx := ab.Left(rules.Black); fx != nil {
		t.Errorf("a person at this keyboard does not leave: %+v", fx)
	}
	fx := ab.Left(rules.White)
	if w, ok := fx[0].(Wake); len(fx) != 1 || !ok || !w.Grace || w.After != time.Minute {
		t.Fatalf("leaving asks for a wake-up at the grace period's end: %+v", fx)
	}
	if fx := ab.Left(rules.White); fx != nil {
		t.Error("told once")
	}
	a.time.advance(30 * time.Second)
	if away, ok := ab.Away(rules.White); !ok || away != 30*time.Second || ab.MayClaim(rules.Black) {
		t.Errorf("30 s away: %v %v, may claim %v", away, ok, ab.MayClaim(rules.Black))
	}
	if _, err := ab.Claim(rules.Black, false); !errors.Is(err, RefusedNotAbandoned) {
		t.Errorf("a claim within the grace period: %v", err)
	}
	seq := a.c.noteSeq
	ab.graceOver()
	if a.c.noteSeq != seq {
		t.Error("a wake-up before the grace period's end tells nothing")
	}
	a.time.advance(30 * time.Second)
	if !ab.MayClaim(rules.Black) || ab.MayClaim(rules.White) {
		t.Error("after the grace period only the one who stayed may claim")
	}
	ab.graceOver()
	if a.c.note.Kind != NoteGraceOver || a.c.note.Side != rules.White {
		t.Errorf("grace over: %+v", a.c.note)
	}
	seq = a.c.noteSeq
	if ab.graceOver(); a.c.noteSeq != seq {
		t.Error("the grace period's end is told once")
	}
	ab.Back(rules.White)
	if _, ok := ab.Away(rules.White); ok || ab.MayClaim(rules.Black) || a.c.note.Kind != NoteBack {
		t.Errorf("back: %+v", a.c.note)
	}
	ab.Left(rules.White)
	a.time.advance(time.Minute)
	if _, err := ab.Claim(rules.Black, true); err != nil || a.changes != 1 {
		t.Fatalf("claim: %v, %d changes", err, a.changes)
	}
	if r := a.c.game.Result(); r.Status != rules.Drawn || r.Reason != rules.Abandonment || a.c.note.Kind != NoteGameOver {
		t.Errorf("a draw claimed: %v, %+v", r, a.c.note)
	}
}

// Consent alone: one proposal of each kind waits, numbered; a change
// lets both lapse; an answer ends or changes the game only when it is
// yes.
func TestConsentAlone(t *testing.T) {
	a := newAlone(t, remotes, "e4", "e5", "Nf3")
	s := Consent{c: a.c}
	if _, err := s.AnswerDraw(true); err == nil {
		t.Error("no draw is offered")
	}
	s.offerDraw(rules.White)
	if _, err := s.offerDraw(rules.White); !errors.Is(err, RefusedAsked) {
		t.Errorf("offering twice: %v", err)
	}
	s.ProposeUndo(rules.White)
	d, okD := s.DrawOffer()
	u, okU := s.UndoRequest()
	if !okD || !okU || d.By != rules.White || u.By != rules.White || d.Seq == u.Seq {
		t.Fatalf("both wait, numbered: %+v %+v", d, u)
	}
	s.lapse()
	if _, ok := s.DrawOffer(); ok {
		t.Error("a change lets the offer lapse")
	}
	if _, ok := s.UndoRequest(); ok {
		t.Error("a change lets the request lapse")
	}
	s.ProposeUndo(rules.White)
	s.AnswerUndo(false)
	if a.changes != 0 || a.c.note.Kind != NoteUndoDeclined {
		t.Errorf("declined: %d changes, %+v", a.changes, a.c.note)
	}
	s.ProposeUndo(rules.White)
	if _, err := s.AnswerUndo(true); err != nil || history(a.c.game) != "e4 e5" || a.c.game.CanRedo() || a.changes != 1 {
		t.Errorf("accepted: %v, %q, %d changes", err, history(a.c.game), a.changes)
	}
	s.offerDraw(rules.Black)
	if _, err := s.AnswerDraw(true); err != nil || a.c.game.Result().Reason != rules.Agreement || a.changes != 2 {
		t.Errorf("draw agreed: %v, %v", err, a.c.game.Result())
	}
	if _, err := s.ProposeUndo(rules.White); !errors.Is(err, RefusedGameOver) {
		t.Errorf("a takeback after the end: %v", err)
	}
	local := Consent{c: newAlone(t, [2]Player{}, "e4").c}
	if _, err := local.ProposeUndo(rules.White); !errors.Is(err, RefusedNoConsent) {
		t.Errorf("at one keyboard nobody is asked: %v", err)
	}
}

// keeperOf answers each request with the next of its results.
type keeperOf struct{ results []saves.Result }

func (k *keeperOf) next() <-chan saves.Result {
	ch := make(chan saves.Result, 1)
	ch <- k.results[0]
	k.results = k.results[1:]
	return ch
}

func (k *keeperOf) Keep(*saves.SavedGame) <-chan saves.Result   { return k.next() }
func (k *keeperOf) Finish(*saves.SavedGame) <-chan saves.Result { return k.next() }
func (k *keeperOf) SaveAs(*saves.SavedGame, string, bool, bool) <-chan saves.Result {
	return k.next()
}
func (k *keeperOf) Close() <-chan saves.Result { return k.next() }

// The record alone: a game whose autosave fails is unsafe until the
// game as it stands is on disk, in its file or where the player saved
// it; a save that finds a file there asks about that path.
func TestRecordAlone(t *testing.T) {
	a := newAlone(t, [2]Player{}, "e4")
	tm := newTiming(a.c, saves.TimeControl{}, nil, false)
	failed := errors.New("disk full")
	k := &keeperOf{results: []saves.Result{{KeepErr: failed}, {}, {KeepErr: failed}, {Exists: true}, {SavedTo: "/x/g.pgn", KeepErr: failed}}}
	r := newRecord(a.c, &tm, Options{Keeper: k}, a.time.Now())
	report := func(fx []Effect) (Note, bool) {
		t.Helper()
		w, ok := fx[0].(AwaitSave)
		if len(fx) != 1 || !ok {
			t.Fatalf("effects %+v", fx)
		}
		if !r.saves().Busy {
			t.Error("busy while the request is under way")
		}
		return r.saved(Saved{Match: w.Match, Kind: w.Kind, Version: w.Version, Result: <-w.Done})
	}
	r.keep(false)
	report(a.c.take())
	if s := r.saves(); !s.Unsafe || s.Busy || s.KeepErr != failed {
		t.Errorf("autosave failed: %+v", s)
	}
	r.keep(false)
	report(a.c.take())
	if r.saves().Unsafe {
		t.Error("kept since")
	}
	a.c.version++
	r.keep(false)
	report(a.c.take())
	if !r.saves().Unsafe {
		t.Error("the game as it stands was never written")
	}
	fx, _ := r.saveAs("/x/g.pgn", false, false)
	if n, ok := report(fx); !ok || n.Kind != NoteSaveExists || n.Path != "/x/g.pgn" {
		t.Errorf("a file there: %+v", n)
	}
	fx, _ = r.saveAs("/x/g.pgn", true, false)
	if n, ok := report(fx); !ok || n.Kind != NoteSavedAs || r.saves().Unsafe || r.saves().SavedPath != "/x/g.pgn" {
		t.Errorf("saved as: %+v, %+v", n, r.saves())
	}
	a.c.game.Undo()
	if _, err := r.saveAs("/x/h.pgn", false, false); !errors.Is(err, RefusedNothingToSave) {
		t.Errorf("nothing to save: %v", err)
	}
}

// Premoves alone: queued only while the engine thinks for its move,
// recaptures onto one's own squares among them; played when the engine
// has moved if legal then, else dropped.
func TestPremovesAlone(t *testing.T) {
	a := newAlone(t, [2]Player{Human, ComputerAt(easy(t))}, "e4")
	thinking := false
	p := Premoves{c: a.c, thinking: func() bool { return thinking }}
	nf3 := Premove{From: sqr(t, "g1"), To: sqr(t, "f3")}
	if err := p.Queue(rules.White, nf3); !errors.Is(err, RefusedNotYourMove) || p.Allowed(rules.White) {
		t.Errorf("the engine waits: %v", err)
	}
	thinking = true
	if p.Allowed(rules.Black) {
		t.Error("the engine's side queues nothing")
	}
	qxd2 := Premove{From: sqr(t, "d1"), To: sqr(t, "d2")}
	found := 0
	for _, q := range p.Moves(rules.White) {
		if q == nf3 || q == qxd2 {
			found++
		}
	}
	if found != 2 || p.Text(qxd2) != "Qxd2" {
		t.Errorf("Nf3 and the recapture Qxd2 among the moves (%d), written %q", found, p.Text(qxd2))
	}
	if q, err := p.Parse(rules.White, "Qxd2"); err != nil || q != qxd2 {
		t.Errorf("parse Qxd2: %v %v", q, err)
	}
	if err := p.Queue(rules.White, nf3); err != nil {
		t.Fatal(err)
	}
	a.play(t, "e5")
	p.play("e5")
	if history(a.c.game) != "e4 e5 Nf3" || a.c.note.Kind != NotePremovePlayed || a.c.note.Reply != "e5" || a.changes != 1 {
		t.Errorf("played: %q, %+v", history(a.c.game), a.c.note)
	}
	if _, _, ok := p.Queued(); ok {
		t.Error("played, no longer queued")
	}
	p.Queue(rules.White, qxd2)
	a.play(t, "Nc6")
	p.play("Nc6")
	if history(a.c.game) != "e4 e5 Nf3 Nc6" || a.c.note.Kind != NotePremoveDropped || a.c.note.SAN != "Qxd2" {
		t.Errorf("dropped: %q, %+v", history(a.c.game), a.c.note)
	}
}
