package match

import (
	"errors"
	"testing"
	"time"

	"varia/rules"
	"varia/saves"
)

func sqr(t *testing.T, name string) rules.Square {
	t.Helper()
	s, err := rules.ParseSquare(name)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// finishHeld runs the search the host held, and hands its result back.
func (h *host) finishHeld() {
	h.t.Helper()
	if len(h.pending) != 1 {
		h.t.Fatalf("want one search held, have %d", len(h.pending))
	}
	e := h.pending[0]
	h.pending = nil
	h.run(h.m.Handle(h.finish(e)))
}

// A move queued while the engine thinks is played the moment it has
// moved, at no cost on the clock; one the engine's move made illegal is
// dropped, and the person told.
func TestPremove(t *testing.T) {
	eng := &scripted{prefer: []string{"e7e5", "d7d5", "b8c6"}}
	h, clock := newHost(t, Options{Players: [2]Player{Human, ComputerAt(easy(t))}, NewEngine: func() Engine { return eng },
		Clock: saves.TimeControl{Base: time.Minute, Increment: 2 * time.Second}})
	m := h.m
	if err := m.Premoves().Queue(rules.White, Premove{From: sqr(t, "g1"), To: sqr(t, "f3")}); !errors.Is(err, RefusedYourMove) {
		t.Errorf("a premove on one's own move: %v", err)
	}
	h.hold = true
	h.play(rules.White, "e4")
	nf3 := Premove{From: sqr(t, "g1"), To: sqr(t, "f3")}
	if err := m.Premoves().Queue(rules.White, nf3); err != nil {
		t.Fatal(err)
	}
	if p, side, ok := m.Premoves().Queued(); !ok || p != nf3 || side != rules.White {
		t.Errorf("queued: %v %v %v", p, side, ok)
	}
	clock.advance(5 * time.Second)
	h.finishHeld() // e5, then Nf3 at once
	if got := history(m.Game()); got != "e4 e5 Nf3" {
		t.Fatalf("moves %q", got)
	}
	if _, n := m.Note(); n.Kind != NotePremovePlayed || n.SAN != "Nf3" || n.Reply != "e5" || n.Side != rules.White {
		t.Errorf("note %+v", n)
	}
	if _, _, ok := m.Premoves().Queued(); ok {
		t.Error("the premove stays queued after it was played")
	}
	// White's time: 60 s, +2 for e4, +2 for Nf3, nothing used; the engine
	// thinks again, on Black's time.
	if left := m.Clock().Remaining(rules.White, clock.Now()); left != 64*time.Second {
		t.Errorf("White's clock after the premove: %v", left)
	}
	if s := m.Computer().Search(); s == nil || s.Side != rules.Black {
		t.Errorf("the engine should think again: %+v", s)
	}
	pawn := Premove{From: sqr(t, "d2"), To: sqr(t, "d4")}
	if err := m.Premoves().Queue(rules.White, pawn); err != nil {
		t.Fatal(err)
	}
	eng.prefer = []string{"f8c5"}
	h.finishHeld() // ...Bc5 leaves d4 free: d4 is played
	if got := history(m.Game()); got != "e4 e5 Nf3 Bc5 d4" {
		t.Fatalf("moves %q", got)
	}
	blocked := Premove{From: sqr(t, "d4"), To: sqr(t, "d5")}
	if err := m.Premoves().Queue(rules.White, blocked); err != nil {
		t.Fatal(err)
	}
	eng.prefer = []string{"d7d5"}
	h.finishHeld() // ...d5 stands on d5: the premove is dropped
	if got := history(m.Game()); got != "e4 e5 Nf3 Bc5 d4 d5" {
		t.Fatalf("moves %q", got)
	}
	if _, n := m.Note(); n.Kind != NotePremoveDropped || n.Premove != blocked || n.Reply != "d5" || n.SAN != "d5" {
		t.Errorf("dropped note %+v", n)
	}
	if m.PersonToMove() != true || m.Computer().Search() != nil {
		t.Error("after a dropped premove the person is to move")
	}
}

// A recapture may be queued onto a square of one's own side; it is
// played when the engine takes there. Undo drops a premove, and so does
// cancelling it.
func TestPremoveRecaptureAndCancel(t *testing.T) {
	eng := &scripted{prefer: []string{"d7d5"}}
	h, _ := newHost(t, Options{Players: [2]Player{Human, ComputerAt(easy(t))}, NewEngine: func() Engine { return eng }})
	m := h.m
	h.play(rules.White, "e4") // ...d5
	h.hold = true
	h.play(rules.White, "exd5") // the engine thinks: Qxd5 comes
	recapture := Premove{From: sqr(t, "b1"), To: sqr(t, "c3")}
	found := false
	for _, p := range m.Premoves().Moves(rules.White) {
		if p == recapture {
			found = true
		}
	}
	if !found {
		t.Fatalf("Nc3 should be among the premoves: %v", m.Premoves().Moves(rules.White))
	}
	// Queue something onto a square White holds: the knight b1 guards d2.
	guard := Premove{From: sqr(t, "b1"), To: sqr(t, "d2")}
	if err := m.Premoves().Queue(rules.White, guard); err != nil {
		t.Fatalf("a premove onto a guarded square of one's own: %v", err)
	}
	if got := m.Premoves().Text(guard); got != "Nxd2" {
		t.Errorf("a recapture premove written %q", got)
	}
	if got := m.Premoves().Text(recapture); got != "Nc3" {
		t.Errorf("a premove written %q", got)
	}
	if p, err := m.Premoves().Parse(rules.White, "Nxd2"); err != nil || p != guard {
		t.Errorf("a recapture typed as it is written: %v, %v", p, err)
	}
	if !m.Premoves().Cancel() || m.Premoves().Cancel() {
		t.Error("cancel should drop it once")
	}
	if err := m.Premoves().Queue(rules.White, Premove{From: sqr(t, "a1"), To: sqr(t, "h8")}); err == nil {
		t.Error("a move no piece could make was queued")
	}
	if err := m.Premoves().Queue(rules.Black, recapture); !errors.Is(err, RefusedNoPremove) {
		t.Errorf("a premove for the engine's side: %v", err)
	}
	if err := m.Premoves().Queue(rules.White, recapture); err != nil {
		t.Fatal(err)
	}
	if err := h.act(m.Undo()); err != nil {
		t.Fatal(err)
	}
	if _, _, ok := m.Premoves().Queued(); ok {
		t.Error("undo should drop the premove")
	}
	p, err := m.Premoves().Parse(rules.White, "Nf3")
	if err == nil {
		t.Errorf("a premove parsed on the person's own move: %v", p)
	}
}

// A pawn's premove onto its promotion square carries the piece chosen.
func TestPremovePromotion(t *testing.T) {
	eng := &scripted{prefer: []string{"e8d7"}}
	g, err := rules.NewGameFromFEN(rules.Standard, "4k2r/6P1/8/8/8/8/8/4K3 b k - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	o := Options{Game: g, Players: [2]Player{Human, ComputerAt(easy(t))}, NewEngine: func() Engine { return eng }, SaveDir: t.TempDir()}
	h := &host{t: t, hold: true, m: New(o)}
	h.run(h.m.Start()) // the engine thinks for Black, held
	m := h.m
	take := Premove{From: sqr(t, "g7"), To: sqr(t, "h8"), Promotion: rules.Knight}
	if err := m.Premoves().Queue(rules.White, Premove{From: sqr(t, "g7"), To: sqr(t, "h8")}); err == nil {
		t.Error("a promotion queued without its piece")
	}
	if err := m.Premoves().Queue(rules.White, take); err != nil {
		t.Fatal(err)
	}
	h.finishHeld()
	if got := history(m.Game()); got != "Kd7 gxh8=N" {
		t.Errorf("moves %q", got)
	}
}
