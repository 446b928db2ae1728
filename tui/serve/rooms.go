package serve

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"sort"
	"sync"
	"time"

	"github.com/charmbracelet/log"

	"varia/ai"
	"varia/rules"
	"varia/saves"
)

// Identity is who a client is: its key's fingerprint, and the name it
// is shown by.
type Identity struct {
	Key  string
	Name string
}

// Label is the name with a few characters of the key, which tells two
// players who chose the same name apart.
func (id Identity) Label() string { return id.Name + " ·" + shortFingerprint(id.Key) }

// client is one session in the registry: it is told when something it
// shows has changed, and reads the new state itself. The signal is a
// one-slot channel written without waiting, so a slow client never holds
// up a move, and several changes in a row wake it once.
type client struct {
	who    Identity
	notify chan struct{}
}

func newClient(who Identity) *client {
	return &client{who: who, notify: make(chan struct{}, 1)}
}

func (c *client) poke() {
	select {
	case c.notify <- struct{}{}:
	default:
	}
}

// seat is one side of a room's game.
type seat struct {
	who     Identity  // the player; Key is empty while the seat is free
	engine  *ai.Level // the server's engine plays this side
	clients int       // sessions playing from this seat now
	leftAt  time.Time // when the last of them left, while clients == 0
}

func (s *seat) free() bool { return s.who.Key == "" && s.engine == nil }

// role is what a client is in a room: a player of one side, or a
// spectator.
type role struct {
	player bool
	color  rules.Color
}

// Room is one game on the server, known by its code: two seats, the
// spectators, and the game, kept on disk after every change. Its fields
// belong to the registry's lock.
type Room struct {
	Code    string
	Variant *rules.Variant
	Clock   saves.TimeControl
	Created time.Time

	seats   [2]seat
	clients map[*client]role
	saved   *saves.SavedGame // the game as the room's file holds it
	over    bool
}

// moves is how many moves the room's game has.
func (r *Room) moves() int { return len(r.saved.Game.History()) }

// RoomInfo is a room as the lobby lists it.
type RoomInfo struct {
	Code       string
	Variant    string
	Clock      saves.TimeControl
	Players    [2]string // the seats' names; "" for a free seat
	Engine     bool      // a game against the server's engine
	Waiting    bool      // a seat is free: it can be joined
	Spectators int
	Moves      int
}

// Errors a client is shown, as they are.
var (
	errNoRoom = errors.New("there is no such room")
)

// registry holds the rooms. One lock covers it all: rooms are few and
// every change is quick (engine searches run outside it).
type registry struct {
	mu    sync.Mutex
	rooms map[string]*Room
	lobby map[*client]bool // clients looking at the list of rooms

	store store
	lim   Limits
	now   func() time.Time
	log   *log.Logger
}

func newRegistry(st store, lim Limits, now func() time.Time, logger *log.Logger) *registry {
	return &registry{
		rooms: map[string]*Room{}, lobby: map[*client]bool{},
		store: st, lim: lim, now: now, log: logger,
	}
}

// restore brings back the unfinished rooms kept on disk, every seat held
// for its player and empty of clients, as after a crowd of disconnections:
// each player has the grace period from now to come back.
func (g *registry) restore() []error {
	stored, problems := g.store.unfinished()
	g.mu.Lock()
	defer g.mu.Unlock()
	now := g.now()
	for _, s := range stored {
		r, err := roomFromSaved(s.code, s.game, now)
		if err != nil {
			problems = append(problems, fmt.Errorf("%s: %v", g.store.roomPath(s.code), err))
			continue
		}
		g.rooms[r.Code] = r
	}
	return problems
}

// roomFromSaved rebuilds a room from its file.
func roomFromSaved(code string, sg *saves.SavedGame, now time.Time) (*Room, error) {
	if sg.Game.Result().Over() {
		return nil, errors.New("the game is over; it belongs with the finished games")
	}
	r := &Room{
		Code: code, Variant: sg.Game.Variant(), Created: now,
		clients: map[*client]role{}, saved: sg,
	}
	if tc, ok := saves.TimeControlFromTag(sg.Tags.Get("TimeControl")); ok {
		r.Clock = tc
	}
	for c, tag := range [2]string{tagWhiteKey, tagBlackKey} {
		s := &r.seats[c]
		name := sg.Tags.Get([2]string{"White", "Black"}[c])
		if key := sg.Tags.Get(tag); key != "" {
			s.who = Identity{Key: key, Name: CleanName(name)}
			s.leftAt = now
		} else if level, ok := sg.Tags.EngineLevel(rules.Color(c)); ok {
			if l, err := ai.LevelByName(level); err == nil {
				s.engine = &l
			}
		}
	}
	if r.seats[0].free() && r.seats[1].free() {
		return nil, errors.New("neither seat has a player")
	}
	return r, nil
}

// create opens a room for its creator, seated on the side they chose,
// and keeps it on disk at once so a restart does not lose it. engine,
// when not nil, is the server's engine in the other seat.
func (g *registry) create(who Identity, v *rules.Variant, clock saves.TimeControl, color rules.Color, engine *ai.Level) (*Room, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if err := g.checkRoomsPerKey(who.Key); err != nil {
		return nil, err
	}
	code := g.freeCode()
	now := g.now()
	r := &Room{Code: code, Variant: v, Clock: clock, Created: now, clients: map[*client]role{}}
	r.seats[color].who = who
	r.seats[color].leftAt = now // nobody in it until the creator's session enters
	if engine != nil {
		r.seats[color.Other()].engine = engine
	}
	game, err := newGame(v)
	if err != nil {
		return nil, err
	}
	r.saved = &saves.SavedGame{Game: game}
	r.saved.Tags = r.tags(now)
	if err := g.store.save(code, r.saved); err != nil {
		return nil, fmt.Errorf("the server could not keep the room: %v", err)
	}
	g.rooms[code] = r
	g.log.Info("room created", "room", code, "variant", v.ID, "clock", clock.String(), "by", who.Key, "name", who.Name)
	g.pokeLobby()
	return r, nil
}

// newGame starts a room's game: from a start position drawn at random
// in a variant that has several (Chess960), else from its own.
func newGame(v *rules.Variant) (*rules.Game, error) {
	if v.StartCount == 0 {
		return rules.NewGame(v), nil
	}
	fen, err := v.NumberedStart(rand.IntN(v.StartCount))
	if err != nil {
		return nil, err
	}
	return rules.NewGameFromFEN(v, fen)
}

// tags are the PGN tags of the room's game: the players' names, their
// keys, the room and the clock.
func (r *Room) tags(date time.Time) saves.Tags {
	names := [2]string{}
	for c := range r.seats {
		names[c] = r.seatName(rules.Color(c))
	}
	t := saves.NewTags(names[0], names[1], date)
	t.Set("Event", "Varia server game")
	t.Set("Site", "varia serve")
	t.Set(tagRoom, r.Code)
	if r.Clock.On() {
		t.Set("TimeControl", r.Clock.Tag())
	}
	for c, tag := range [2]string{tagWhiteKey, tagBlackKey} {
		if k := r.seats[c].who.Key; k != "" {
			t.Set(tag, k)
		}
	}
	t.SetPlayerTypes([2]bool{r.seats[0].engine != nil, r.seats[1].engine != nil})
	return t
}

// seatName is a side's name in the game's tags and on screens.
func (r *Room) seatName(c rules.Color) string {
	s := r.seats[c]
	switch {
	case s.engine != nil:
		return saves.EngineName(s.engine.Name)
	case s.who.Key == "":
		return "?"
	}
	return s.who.Name
}

// checkRoomsPerKey refuses a key one more seat when it already plays in
// as many unfinished rooms as it may.
func (g *registry) checkRoomsPerKey(key string) error {
	n := 0
	for _, r := range g.rooms {
		if r.over {
			continue
		}
		for _, s := range r.seats {
			if s.who.Key == key {
				n++
				break
			}
		}
	}
	if n >= g.lim.RoomsPerKey {
		return fmt.Errorf("your key already plays in %s, the most it may; finish one first", plural(n, "unfinished room"))
	}
	return nil
}

// freeCode draws codes until one is used by no room, open or filed.
func (g *registry) freeCode() string {
	for {
		c := newCode()
		if _, open := g.rooms[c]; !open && !g.store.taken(c) {
			return c
		}
	}
}

// join seats c in room code: back in its own seat when its key holds
// one (a reconnection), else in the free seat.
func (g *registry) join(code string, c *client) (*Room, rules.Color, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	r, err := g.openRoom(code)
	if err != nil {
		return nil, 0, err
	}
	for col := range r.seats {
		if r.seats[col].who.Key == c.who.Key {
			g.seat(r, c, rules.Color(col))
			return r, rules.Color(col), nil
		}
	}
	for col := range r.seats {
		s := &r.seats[col]
		if !s.free() {
			continue
		}
		if err := g.checkRoomsPerKey(c.who.Key); err != nil {
			return nil, 0, err
		}
		s.who = c.who
		r.saved.Tags = r.tags(r.Created)
		if err := g.store.save(r.Code, r.saved); err != nil {
			g.log.Error("room not saved", "room", r.Code, "err", err)
		}
		g.log.Info("seat taken", "room", r.Code, "color", rules.Color(col), "by", c.who.Key, "name", c.who.Name)
		g.seat(r, c, rules.Color(col))
		g.pokeLobby()
		return r, rules.Color(col), nil
	}
	return nil, 0, fmt.Errorf("room %s has its two players; watch it with: watch %s", code, code)
}

func (g *registry) seat(r *Room, c *client, col rules.Color) {
	r.clients[c] = role{player: true, color: col}
	r.seats[col].clients++
	r.seats[col].leftAt = time.Time{}
	g.pokeRoom(r)
}

// holdsSeat reports whether key plays in room code.
func (g *registry) holdsSeat(code, key string) bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	r, ok := g.rooms[code]
	return ok && (r.seats[0].who.Key == key || r.seats[1].who.Key == key)
}

// watch adds c to a room's spectators.
func (g *registry) watch(code string, c *client) (*Room, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	r, err := g.openRoom(code)
	if err != nil {
		return nil, err
	}
	r.clients[c] = role{}
	g.pokeRoom(r)
	g.pokeLobby()
	return r, nil
}

// openRoom finds a room that can be entered, or says why there is none.
func (g *registry) openRoom(code string) (*Room, error) {
	if r, ok := g.rooms[code]; ok {
		return r, nil
	}
	if g.store.taken(code) {
		return nil, fmt.Errorf("room %s has ended; print its game with: pgn %s", code, code)
	}
	return nil, fmt.Errorf("room %s: %w", code, errNoRoom)
}

// leave takes c out of its room. A player's seat stays theirs: the time
// they left starts the grace period, after which the opponent may claim
// the game. A room nobody plays in any more is closed once its game is
// over, or when no move was played and its players stay away longer
// than the grace period (see sweep).
func (g *registry) leave(r *Room, c *client) {
	g.mu.Lock()
	defer g.mu.Unlock()
	ro, ok := r.clients[c]
	if !ok {
		return
	}
	delete(r.clients, c)
	if ro.player {
		s := &r.seats[ro.color]
		if s.clients--; s.clients == 0 {
			s.leftAt = g.now()
			g.log.Info("player left", "room", r.Code, "color", ro.color, "key", c.who.Key)
		}
	}
	g.closeIfDone(r)
	g.pokeRoom(r)
	g.pokeLobby()
}

// closeIfDone drops a finished room from the registry once nobody is
// left in it; its game is already filed.
func (g *registry) closeIfDone(r *Room) {
	if r.over && len(r.clients) == 0 {
		delete(g.rooms, r.Code)
	}
}

// sweep closes the rooms nobody came back to: no move was played and
// both players have been away for longer than the grace period. Such a
// room holds no game worth keeping, and would otherwise count against
// its creator's rooms for ever.
func (g *registry) sweep() {
	g.mu.Lock()
	defer g.mu.Unlock()
	now := g.now()
	for code, r := range g.rooms {
		if r.over || r.moves() > 0 || len(r.clients) > 0 {
			continue
		}
		away := true
		for _, s := range r.seats {
			if s.who.Key != "" && (s.clients > 0 || now.Sub(s.leftAt) < g.lim.Grace) {
				away = false
			}
		}
		if !away {
			continue
		}
		delete(g.rooms, code)
		if err := g.store.forget(code); err != nil {
			g.log.Error("room file not removed", "room", code, "err", err)
		}
		g.log.Info("room closed: nobody came back", "room", code)
		g.pokeLobby()
	}
}

// absent reports how long a side's player has been away: zero while a
// session plays from the seat, or when the engine plays it.
func (g *registry) absent(r *Room, c rules.Color) time.Duration {
	g.mu.Lock()
	defer g.mu.Unlock()
	s := r.seats[c]
	if s.engine != nil || s.clients > 0 || s.leftAt.IsZero() {
		return 0
	}
	return g.now().Sub(s.leftAt)
}

// list is the lobby's view: every open room, those that can be joined
// first, then by code.
func (g *registry) list() []RoomInfo {
	g.mu.Lock()
	defer g.mu.Unlock()
	var out []RoomInfo
	for _, r := range g.rooms {
		if r.over {
			continue
		}
		info := RoomInfo{Code: r.Code, Variant: r.Variant.Name, Clock: r.Clock, Moves: r.moves()}
		for c, s := range r.seats {
			switch {
			case s.engine != nil:
				info.Engine = true
				info.Players[c] = r.seatName(rules.Color(c))
			case s.who.Key != "":
				info.Players[c] = s.who.Name
			default:
				info.Waiting = true
			}
		}
		for _, ro := range r.clients {
			if !ro.player {
				info.Spectators++
			}
		}
		out = append(out, info)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Waiting != out[j].Waiting {
			return out[i].Waiting
		}
		return out[i].Code < out[j].Code
	})
	return out
}

// enterLobby and leaveLobby track who is shown the list of rooms.
func (g *registry) enterLobby(c *client) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.lobby[c] = true
}

func (g *registry) leaveLobby(c *client) {
	g.mu.Lock()
	defer g.mu.Unlock()
	delete(g.lobby, c)
}

func (g *registry) pokeLobby() {
	for c := range g.lobby {
		c.poke()
	}
}

func (g *registry) pokeRoom(r *Room) {
	for c := range r.clients {
		c.poke()
	}
}

// saveAll writes every open room's game, for a server that stops.
func (g *registry) saveAll() []error {
	g.mu.Lock()
	defer g.mu.Unlock()
	var errs []error
	for code, r := range g.rooms {
		if r.over {
			continue
		}
		if err := g.store.save(code, r.saved); err != nil {
			errs = append(errs, fmt.Errorf("room %s: %v", code, err))
		}
	}
	return errs
}

// RoomState is what a room's screen shows of the room itself.
type RoomState struct {
	Code       string
	Variant    string
	Clock      saves.TimeControl
	Seats      [2]SeatState
	Waiting    bool
	Spectators int
}

// SeatState is one side as a room's screen shows it.
type SeatState struct {
	Name   string // "" for a free seat
	Engine bool
	Here   bool          // a session plays from the seat now
	Away   time.Duration // how long its player has been gone
}

func (g *registry) roomState(r *Room) RoomState {
	g.mu.Lock()
	defer g.mu.Unlock()
	st := RoomState{Code: r.Code, Variant: r.Variant.Name, Clock: r.Clock}
	now := g.now()
	for c, s := range r.seats {
		ss := SeatState{Engine: s.engine != nil, Here: s.clients > 0}
		switch {
		case s.engine != nil:
			ss.Name = r.seatName(rules.Color(c))
		case s.who.Key != "":
			ss.Name = s.who.Label()
			if !ss.Here && !s.leftAt.IsZero() {
				ss.Away = now.Sub(s.leftAt)
			}
		default:
			st.Waiting = true
		}
		st.Seats[c] = ss
	}
	for _, ro := range r.clients {
		if !ro.player {
			st.Spectators++
		}
	}
	return st
}
