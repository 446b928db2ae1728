package serve

import (
	"bytes"
	"testing"
	"time"

	"varia/rules"
	"varia/saves"
)

// keptRoom keeps in st a room of variant id between Ann and Bo, 5+3,
// after 1. e4 e5 2. Nf3 with the times left after each.
func keptRoom(t *testing.T, st store, id string) (*Room, *saves.SavedGame) {
	t.Helper()
	v, _ := rules.VariantByID(id)
	g := rules.NewGame(v)
	for _, san := range []string{"e4", "e5", "Nf3"} {
		m, err := g.Position().ParseMove(san)
		if err != nil {
			t.Fatal(err)
		}
		g.Play(m)
	}
	r := &Room{Code: "K7Q2M", Variant: v, Clock: mustClock(t, "5+3")}
	r.seats[0].who = Identity{Key: "SHA256:white", Name: "Ann"}
	r.seats[1].who = Identity{Key: "SHA256:black", Name: "Bo"}
	sg := &saves.SavedGame{Game: g, Tags: r.tags(time.Date(2026, 11, 29, 0, 0, 0, 0, time.UTC)),
		Clocks: []time.Duration{299 * time.Second, 298 * time.Second, 290 * time.Second}}
	if err := st.save(r.Code, sg); err != nil {
		t.Fatal(err)
	}
	return r, sg
}

func TestRoomFilesKeepTheGameAndItsSeats(t *testing.T) {
	st := store{dir: t.TempDir()}
	r, sg := keptRoom(t, st, "asha")
	if !st.taken(r.Code) || st.taken("ABCDE") {
		t.Error("taken is wrong")
	}
	rooms, problems := st.unfinished()
	if len(problems) > 0 || len(rooms) != 1 {
		t.Fatalf("%d rooms, problems %v", len(rooms), problems)
	}
	reg := newRegistry(st, DefaultLimits(), time.Now, discardLog(), nil)
	back, err := reg.roomFromSaved(rooms[0].code, rooms[0].game, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	if back.seats[0].who.Key != "SHA256:white" || back.seats[1].who.Name != "Bo" || back.Clock != r.Clock || back.moves() != 3 {
		t.Errorf("read back: %+v %+v clock %v moves %d", back.seats[0].who, back.seats[1].who, back.Clock, back.moves())
	}
	if got := rooms[0].game.Clocks; len(got) != 3 || got[2] != 290*time.Second {
		t.Errorf("clocks read back: %v", got)
	}

	// A finished game moves to games/, where pgn still finds it.
	if err := st.finish(r.Code, sg); err != nil {
		t.Fatal(err)
	}
	if rooms, _ := st.unfinished(); len(rooms) != 0 {
		t.Errorf("%d unfinished rooms after finishing", len(rooms))
	}
	data, err := st.pgn(r.Code)
	if err != nil || !bytes.Contains(data, []byte(`[VariaRoom "K7Q2M"]`)) {
		t.Errorf("pgn of a finished room: %v\n%s", err, data)
	}
	if !st.taken(r.Code) {
		t.Error("a finished room's code could be given again")
	}
}

func TestChess960RoomsStartFromARandomSetUpKeptInTheirFile(t *testing.T) {
	dir := t.TempDir()
	g := newRegistry(store{dir: dir}, DefaultLimits(), time.Now, discardLog(), nil)
	v, err := rules.VariantByID("chess960")
	if err != nil {
		t.Fatal(err)
	}
	starts := map[string]bool{}
	for i := 0; i < 3; i++ {
		r, err := g.create(Identity{Key: "SHA256:k" + itoa(i), Name: "k"}, v, saves.TimeControl{}, rules.White, nil)
		if err != nil {
			t.Fatal(err)
		}
		starts[r.saved.Game.Position().FEN()] = true
	}
	if len(starts) < 2 {
		t.Errorf("three Chess960 rooms, %d start positions", len(starts))
	}
	back := newRegistry(store{dir: dir}, DefaultLimits(), time.Now, discardLog(), nil)
	if errs := back.restore(); len(errs) > 0 {
		t.Fatal(errs)
	}
	for _, r := range back.rooms {
		if fen := r.saved.Game.Position().FEN(); !starts[fen] {
			t.Errorf("a restored room starts from %s", fen)
		}
	}
}

// A restored room's game goes on as online play does: the clock of the
// side to move runs from the restart, not from its next move.
func TestARestoredRoomsClockRunsForTheSideToMove(t *testing.T) {
	st := store{dir: t.TempDir()}
	r, _ := keptRoom(t, st, "standard")
	now := time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC)
	reg := newRegistry(st, DefaultLimits(), func() time.Time { return now }, discardLog(), nil)
	if errs := reg.restore(); len(errs) > 0 {
		t.Fatal(errs)
	}
	defer func() {
		for _, w := range reg.closeAll() {
			<-w
		}
	}()
	back := reg.rooms[r.Code]
	if back == nil || back.match == nil {
		t.Fatal("the room's game was not restored and started")
	}
	k := back.match.Clock()
	if side, running := k.Running(); !running || side != rules.Black {
		t.Fatalf("after the restart the clock runs %v for %v; want Black's", running, side)
	}
	now = now.Add(10 * time.Second)
	if got := k.Remaining(rules.Black, now); got != 288*time.Second {
		t.Errorf("Black's time 10 s after the restart: %v, want 4m48s", got)
	}
	if got := k.Remaining(rules.White, now); got != 290*time.Second {
		t.Errorf("White's time stood at %v, want 4m50s", got)
	}
}
