package match

import (
	"errors"
	"sync"
	"testing"
	"time"

	"varia/rules"
	"varia/saves"
)

// remotes are two people playing over connections.
var remotes = [2]Player{RemotePlayer("ann"), RemotePlayer("bob")}

// Between remote players a move is taken back only when the opponent
// agrees: the requester's last move, and the reply to it if there is
// one. A move made meanwhile lets the request lapse; redo never replays.
func TestUndoByConsent(t *testing.T) {
	h, _ := newHost(t, Options{Players: remotes})
	m := h.m
	if !m.UndoByConsent() {
		t.Fatal("two remote players take back by consent")
	}
	if err := h.act(m.Consent().ProposeUndo(rules.White)); !errors.Is(err, RefusedNotMovedYet) {
		t.Errorf("a request before any move: %v", err)
	}
	h.play(rules.White, "e4")
	h.play(rules.Black, "e5")
	h.play(rules.White, "Nf3")
	if err := h.act(m.Undo()); !errors.Is(err, RefusedNoConsent) || m.Game().Len() != 3 {
		t.Errorf("a plain undo between remote players: %v", err)
	}
	// White asks to take Nf3 back; Black declines, then agrees.
	if err := h.act(m.Consent().ProposeUndo(rules.White)); err != nil {
		t.Fatal(err)
	}
	p, ok := m.Consent().UndoRequest()
	if !ok || p.By != rules.White {
		t.Fatal("the request waits for Black")
	}
	if err := h.act(m.Consent().ProposeUndo(rules.White)); !errors.Is(err, RefusedAsked) {
		t.Errorf("asking twice: %v", err)
	}
	h.act(m.Consent().AnswerUndo(false))
	if _, n := m.Note(); n.Kind != NoteUndoDeclined || n.Side != rules.White || m.Game().Len() != 3 {
		t.Errorf("declined: %+v, %q", n, history(m.Game()))
	}
	h.act(m.Consent().ProposeUndo(rules.White))
	if p2, _ := m.Consent().UndoRequest(); p2.Seq == p.Seq {
		t.Error("a new request has a number of its own")
	}
	if err := h.act(m.Consent().AnswerUndo(true)); err != nil || history(m.Game()) != "e4 e5" {
		t.Fatalf("accepted: %v, %q", err, history(m.Game()))
	}
	if _, n := m.Note(); n.Kind != NoteTakenBack || n.SAN != "Nf3" || n.Side != rules.White {
		t.Errorf("note %+v", n)
	}
	if m.Game().CanRedo() {
		t.Error("the moves taken back by agreement are forgotten")
	}
	if err := h.act(m.Redo()); !errors.Is(err, RefusedNoRedo) {
		t.Errorf("redo after a takeback by consent: %v", err)
	}
	// Black asks on White's turn: its e5 only, White has not replied.
	h.act(m.Consent().ProposeUndo(rules.Black))
	nc3, _ := m.Game().Position().ParseMove("Nc3")
	if err := h.act(m.Play(rules.Black, nc3)); !errors.Is(err, RefusedNotYourMove) { // the request stands
		t.Errorf("Black moving on White's turn: %v", err)
	}
	if _, ok := m.Consent().UndoRequest(); !ok {
		t.Error("a refused move changes nothing")
	}
	h.act(m.Consent().AnswerUndo(true))
	if history(m.Game()) != "e4" {
		t.Errorf("Black's takeback: %q", history(m.Game()))
	}
	// A move lets a request lapse.
	h.act(m.Consent().ProposeUndo(rules.White))
	h.play(rules.Black, "c5")
	if _, ok := m.Consent().UndoRequest(); ok {
		t.Error("a move answers the request")
	}
	if err := h.act(m.Consent().AnswerUndo(true)); err == nil {
		t.Error("answering a request that lapsed")
	}
	if err := h.act(m.Computer().Hint(rules.White)); !errors.Is(err, RefusedNoHints) {
		t.Errorf("a hint against a remote player: %v", err)
	}
	// Against the engine a remote player takes back at once.
	h2, _ := newHost(t, Options{Players: [2]Player{RemotePlayer("ann"), ComputerAt(easy(t))}})
	h2.play(rules.White, "e4")
	if h2.m.UndoByConsent() || h2.act(h2.m.Undo()) != nil || h2.m.Game().Len() != 0 {
		t.Errorf("undo against the engine: %q", history(h2.m.Game()))
	}
}

// Online, a draw may be offered on either side's turn, and the clock of
// the side to move runs on after a takeback.
func TestRemoteDrawAndClock(t *testing.T) {
	tc := saves.TimeControl{Base: time.Minute}
	h, now := newHost(t, Options{Players: remotes, Clock: tc})
	m := h.m
	h.play(rules.White, "e4")
	if err := h.act(m.OfferDraw(rules.White)); err != nil {
		t.Fatalf("White offers on Black's turn: %v", err)
	}
	if err := h.act(m.OfferDraw(rules.White)); !errors.Is(err, RefusedAsked) {
		t.Errorf("offering twice: %v", err)
	}
	if p, ok := m.Consent().DrawOffer(); !ok || p.By != rules.White {
		t.Fatal("the offer waits for Black")
	}
	h.act(m.Consent().AnswerDraw(false))
	now.advance(5 * time.Second)
	h.play(rules.Black, "e5")
	h.act(m.Consent().ProposeUndo(rules.Black))
	now.advance(3 * time.Second)
	h.act(m.Consent().AnswerUndo(true))
	side, running := m.Clock().Running()
	if !running || side != rules.Black {
		t.Fatalf("after the takeback Black's time runs: %v %v", side, running)
	}
	now.advance(4 * time.Second)
	// Black used 5 s for e5; White's 3 s thinking about the request were
	// White's; then 4 s of Black's again.
	if got := m.Clock().Remaining(rules.Black, now.Now()); got != 51*time.Second {
		t.Errorf("Black's time: %v, want 51s", got)
	}
}

// A remote player who leaves keeps the seat; after the grace period the
// opponent may claim the win or a draw, and not before.
func TestAbandoned(t *testing.T) {
	h, now := newHost(t, Options{Players: remotes, Grace: time.Minute})
	m := h.m
	h.play(rules.White, "e4")
	fx := m.Absence().Left(rules.Black)
	var grace *Wake
	for _, e := range fx {
		if w, ok := e.(Wake); ok && w.Grace {
			grace = &w
		}
	}
	if grace == nil || grace.After != time.Minute {
		t.Fatalf("leaving asks to be woken at the end of the grace period: %+v", fx)
	}
	if _, n := m.Note(); n.Kind != NoteLeft || n.Side != rules.Black {
		t.Errorf("note %+v", n)
	}
	now.advance(30 * time.Second)
	if away, ok := m.Absence().Away(rules.Black); !ok || away != 30*time.Second {
		t.Errorf("away %v %v", away, ok)
	}
	if err := h.act(m.Absence().Claim(rules.White, false)); !errors.Is(err, RefusedNotAbandoned) {
		t.Errorf("a claim within the grace period: %v", err)
	}
	// Back and gone again: the grace period starts again.
	m.Absence().Back(rules.Black)
	if _, ok := m.Absence().Away(rules.Black); ok {
		t.Error("Black is back")
	}
	m.Absence().Left(rules.Black)
	now.advance(31 * time.Second)
	h.run(m.Handle(Woke{Match: m.ID(), Seq: grace.Seq, Grace: true}))
	if m.Absence().MayClaim(rules.White) {
		t.Error("the first absence's wake-up does not end the second's grace")
	}
	now.advance(30 * time.Second)
	h.run(m.Handle(Woke{Match: m.ID(), Seq: grace.Seq + 1, Grace: true}))
	if _, n := m.Note(); n.Kind != NoteGraceOver || n.Side != rules.Black {
		t.Errorf("note at the end of the grace period %+v", n)
	}
	if !m.Absence().MayClaim(rules.White) || m.Absence().MayClaim(rules.Black) {
		t.Fatal("White, and only White, may claim")
	}
	if err := h.act(m.Absence().Claim(rules.White, false)); err != nil {
		t.Fatal(err)
	}
	if res := m.Game().Result(); res != (rules.Result{Status: rules.WhiteWins, Reason: rules.Abandonment}) {
		t.Errorf("result %v", res)
	}
	// A person at this keyboard never leaves; a draw may be claimed too.
	h2, now2 := newHost(t, Options{Players: [2]Player{Human, RemotePlayer("bob")}, Grace: time.Second})
	if fx := h2.m.Absence().Left(rules.White); fx != nil {
		t.Error("a player at this keyboard cannot leave")
	}
	h2.m.Absence().Left(rules.Black)
	now2.advance(time.Second)
	if err := h2.act(h2.m.Absence().Claim(rules.White, true)); err != nil || h2.m.Game().Result().Status != rules.Drawn {
		t.Errorf("a draw claimed: %v, %v", err, h2.m.Game().Result())
	}
}

// keeperLog is a Keeper that writes nothing and remembers what it was
// asked.
type keeperLog struct {
	mu    sync.Mutex
	calls []string
	last  *saves.SavedGame
}

func (k *keeperLog) done(call string, sg *saves.SavedGame) <-chan saves.Result {
	k.mu.Lock()
	defer k.mu.Unlock()
	k.calls = append(k.calls, call)
	if sg != nil {
		k.last = sg
	}
	ch := make(chan saves.Result, 1)
	ch <- saves.Result{}
	return ch
}

func (k *keeperLog) Keep(sg *saves.SavedGame) <-chan saves.Result   { return k.done("keep", sg) }
func (k *keeperLog) Finish(sg *saves.SavedGame) <-chan saves.Result { return k.done("finish", sg) }
func (k *keeperLog) SaveAs(sg *saves.SavedGame, _ string, _, _ bool) <-chan saves.Result {
	return k.done("save as", sg)
}
func (k *keeperLog) Close() <-chan saves.Result { return k.done("close", nil) }

// A host's own Keeper keeps the game, with the host's tags and the
// players' names.
func TestOwnKeeper(t *testing.T) {
	k := &keeperLog{}
	h, _ := newHost(t, Options{Players: remotes, Keeper: k, Tags: saves.Tags{{Name: "Site", Value: "a server"}, {Name: "Room", Value: "K7Q2M"}}})
	h.play(rules.White, "e4")
	h.act(h.m.Resign(rules.Black))
	h.run(h.m.Close())
	if got := k.calls; len(got) != 3 || got[0] != "keep" || got[1] != "finish" || got[2] != "close" {
		t.Fatalf("calls %q", got)
	}
	tags := k.last.Tags
	if tags.Get("White") != "ann" || tags.Get("Black") != "bob" || tags.Get("Site") != "a server" || tags.Get("Room") != "K7Q2M" {
		t.Errorf("tags %v", tags)
	}
	if h.m.Saves().File != "" {
		t.Error("nothing was written among the unfinished games")
	}
}
