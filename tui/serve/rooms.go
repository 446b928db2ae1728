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
	"varia/tui"
	"varia/tui/match"
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

	said []time.Time // when its latest lines of chat were said
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

// player is who plays the seat, as the match knows them.
func (s *seat) player() match.Player {
	if s.engine != nil {
		return match.ComputerAt(*s.engine)
	}
	return match.RemotePlayer(s.who.Label())
}

// role is what a client is in a room: a player of one side, or a
// spectator.
type role struct {
	player bool
	color  rules.Color
}

// Room is one game on the server, known by its code: two seats, the
// spectators, and, once both seats are taken, the match they play. The
// room hosts the match for every client at once: it runs its engine's
// searches (in the server's queue), its clock's wake-ups and its saves,
// and hands the results back to it. Every client's screen reads and acts
// on the match only under the room's lock.
type Room struct {
	Code    string
	Variant *rules.Variant
	Clock   saves.TimeControl
	Created time.Time

	reg *registry

	// mu covers what follows, and the match: its state, and every call
	// on it, whoever makes it (a client's screen, the room's own
	// goroutines bringing back the effects' results).
	mu      sync.Mutex
	seats   [2]seat
	clients map[*client]role
	saved   *saves.SavedGame // the game before it starts, as the room's file holds it
	match   *match.Match     // nil while a seat waits for its player
	chat    []tui.ChatLine
	over    bool // the game has ended (and is filed under games/)
	closed  bool // the room is done with: results coming back are dropped
}

// moves is how many moves the room's game has. With r.mu held.
func (r *Room) moves() int {
	if r.match != nil {
		return r.match.Game().Len()
	}
	return r.saved.Game.Len()
}

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

// registry holds the rooms. Its lock covers the map of rooms; each room
// has its own lock, taken after the registry's when both are needed. The
// lobby's list of clients has a lock of its own, taken last.
type registry struct {
	mu    sync.Mutex
	rooms map[string]*Room

	lobbyMu sync.Mutex
	lobby   map[*client]bool // clients looking at the list of rooms

	store     store
	lim       Limits
	now       func() time.Time
	log       *log.Logger
	newEngine func() match.Engine
}

func newRegistry(st store, lim Limits, now func() time.Time, logger *log.Logger, newEngine func() match.Engine) *registry {
	return &registry{
		rooms: map[string]*Room{}, lobby: map[*client]bool{},
		store: st, lim: lim, now: now, log: logger, newEngine: newEngine,
	}
}

// restore brings back the unfinished rooms kept on disk, every seat held
// for its player and empty of clients, as after a crowd of
// disconnections: each player has the grace period from now to come
// back, and the games go on where they stood.
func (g *registry) restore() []error {
	stored, problems := g.store.unfinished()
	g.mu.Lock()
	defer g.mu.Unlock()
	now := g.now()
	for _, s := range stored {
		r, err := g.roomFromSaved(s.code, s.game, now)
		if err != nil {
			problems = append(problems, fmt.Errorf("%s: %v", g.store.roomPath(s.code), err))
			continue
		}
		g.rooms[r.Code] = r
		r.mu.Lock()
		r.startIfFull()
		r.mu.Unlock()
	}
	return problems
}

// roomFromSaved rebuilds a room from its file.
func (g *registry) roomFromSaved(code string, sg *saves.SavedGame, now time.Time) (*Room, error) {
	if sg.Game.Result().Over() {
		return nil, errors.New("the game is over; it belongs with the finished games")
	}
	r := &Room{
		Code: code, Variant: sg.Game.Variant(), Created: now, reg: g,
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
// when not nil, is the server's engine in the other seat: the game
// starts at once.
func (g *registry) create(who Identity, v *rules.Variant, clock saves.TimeControl, color rules.Color, engine *ai.Level) (*Room, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if err := g.checkRoomsPerKey(who.Key); err != nil {
		return nil, err
	}
	code := g.freeCode()
	now := g.now()
	r := &Room{Code: code, Variant: v, Clock: clock, Created: now, reg: g, clients: map[*client]role{}}
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
	r.mu.Lock()
	r.startIfFull()
	r.mu.Unlock()
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

// startIfFull starts the match once both seats are taken: the game the
// room's file holds, its clocks, the room's file to keep it in. Each
// player away at the start (a restart) has the grace period from now,
// and the side to move's time runs from now, as it would have run on.
// With r.mu held.
func (r *Room) startIfFull() {
	if r.match != nil || r.seats[0].free() || r.seats[1].free() {
		return
	}
	sg := r.saved
	m := match.New(match.Options{
		Game:      sg.Game,
		Players:   [2]match.Player{r.seats[0].player(), r.seats[1].player()},
		Clock:     r.Clock,
		Clocks:    sg.Clocks,
		ClockRuns: true,
		Resumed:   sg,
		Keeper:    newRoomKeeper(r.reg.store, r.Code, r.reg.log),
		Grace:     r.reg.lim.Grace,
		NewEngine: r.reg.newEngine,
		Now:       r.reg.now,
	})
	r.match = m
	r.saved = nil // the match's from now on
	r.host(m.Start())
	for c := range r.seats {
		if s := r.seats[c]; s.engine == nil && s.clients == 0 {
			r.host(m.Absence().Left(rules.Color(c)))
		}
	}
	r.reg.log.Info("game started", "room", r.Code, "moves", m.Game().Len())
	r.changed()
}

// host carries out the match's effects for every client: searches in
// the server's queue, wake-ups on timers, saves waited for; each result
// comes back through handle. With r.mu held.
func (r *Room) host(fx []match.Effect) {
	for _, e := range fx {
		switch e := e.(type) {
		case match.RunSearch:
			go r.search(e)
		case match.Wake:
			time.AfterFunc(e.After, func() { r.handle(e.Woke()) })
		case match.AwaitSave:
			go func() { r.handle(e.Saved(<-e.Done)) }()
		}
	}
}

// search runs one of the match's searches; a panic in the engine is an
// error, never a crash of the server.
func (r *Room) search(job match.RunSearch) {
	done := job.Run(func(p match.SearchProgress) { r.handle(p) })
	if errors.Is(done.Err, match.ErrEngineFailed) {
		r.reg.log.Error("engine failed", "room", r.Code, "err", done.Err)
	}
	r.handle(done)
}

// handle gives the match a result of one of its effects, and tells every
// client.
func (r *Room) handle(ev match.Event) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.closed || r.match == nil {
		return
	}
	r.host(r.match.Handle(ev))
	r.changed()
}

// changed follows a change to the room or its match: a game that has
// ended leaves the lobby's list, and every client looks again. With r.mu
// held.
func (r *Room) changed() {
	if m := r.match; m != nil && !r.over && m.Game().Result().Over() {
		r.over = true
		r.reg.log.Info("game over", "room", r.Code, "result", m.Game().Result().String(), "moves", m.Game().Len())
		r.reg.pokeLobby()
	}
	for c := range r.clients {
		c.poke()
	}
}

// checkRoomsPerKey refuses a key one more seat when it already plays in
// as many unfinished rooms as it may. With g.mu held.
func (g *registry) checkRoomsPerKey(key string) error {
	n := 0
	for _, r := range g.rooms {
		r.mu.Lock()
		if !r.over && (r.seats[0].who.Key == key || r.seats[1].who.Key == key) {
			n++
		}
		r.mu.Unlock()
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
// one (a reconnection), else in the free seat, which starts the game.
func (g *registry) join(code string, c *client) (*Room, rules.Color, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	r, err := g.openRoom(code)
	if err != nil {
		return nil, 0, err
	}
	r.mu.Lock()
	for col := range r.seats {
		if r.seats[col].who.Key == c.who.Key {
			r.seat(c, rules.Color(col))
			r.mu.Unlock()
			return r, rules.Color(col), nil
		}
	}
	free := -1
	for col := range r.seats {
		if r.seats[col].free() {
			free = col
			break
		}
	}
	if free < 0 || r.over {
		r.mu.Unlock()
		return nil, 0, fmt.Errorf("room %s has its two players; watch it with: watch %s", code, code)
	}
	r.mu.Unlock()
	// Counting the key's rooms takes every room's lock in turn.
	if err := g.checkRoomsPerKey(c.who.Key); err != nil {
		return nil, 0, err
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if !r.seats[free].free() { // cannot happen while g.mu is held; said for safety
		return nil, 0, fmt.Errorf("room %s has its two players; watch it with: watch %s", code, code)
	}
	r.seats[free].who = c.who
	r.saved.Tags = r.tags(r.Created)
	if err := g.store.save(r.Code, r.saved); err != nil {
		g.log.Error("room not saved", "room", r.Code, "err", err)
	}
	g.log.Info("seat taken", "room", r.Code, "color", rules.Color(free), "by", c.who.Key, "name", c.who.Name)
	r.seat(c, rules.Color(free))
	r.startIfFull()
	g.pokeLobby()
	return r, rules.Color(free), nil
}

// seat puts a player's session in its seat; the first one back ends the
// player's absence. With r.mu held.
func (r *Room) seat(c *client, col rules.Color) {
	r.clients[c] = role{player: true, color: col}
	s := &r.seats[col]
	s.clients++
	s.leftAt = time.Time{}
	if s.clients == 1 && r.match != nil {
		r.host(r.match.Absence().Back(col))
	}
	r.changed()
}

// holdsSeat reports whether key plays in room code.
func (g *registry) holdsSeat(code, key string) bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	r, ok := g.rooms[code]
	if !ok {
		return false
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.seats[0].who.Key == key || r.seats[1].who.Key == key
}

// watch adds c to a room's spectators.
func (g *registry) watch(code string, c *client) (*Room, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	r, err := g.openRoom(code)
	if err != nil {
		return nil, err
	}
	r.mu.Lock()
	r.clients[c] = role{}
	r.changed()
	r.mu.Unlock()
	g.pokeLobby()
	return r, nil
}

// openRoom finds a room that can be entered, or says why there is none.
// With g.mu held.
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
// the game. A room nobody is in any more is closed once its game is
// over; one where no move was played is closed when its players stay
// away longer than the grace period (see sweep).
func (g *registry) leave(r *Room, c *client) {
	g.mu.Lock()
	defer g.mu.Unlock()
	r.mu.Lock()
	defer r.mu.Unlock()
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
			if r.match != nil {
				r.host(r.match.Absence().Left(ro.color))
			}
		}
	}
	g.closeIfDone(r)
	r.changed()
	g.pokeLobby()
}

// closeIfDone drops a finished room from the registry once nobody is
// left in it; its game is already filed. With g.mu and r.mu held.
func (g *registry) closeIfDone(r *Room) {
	if r.over && len(r.clients) == 0 {
		r.closeMatch()
		delete(g.rooms, r.Code)
	}
}

// closeMatch lets the match go: every save asked for is written, then
// results still coming back are dropped. It returns what to wait for to
// know the game is on disk. With r.mu held.
func (r *Room) closeMatch() []<-chan saves.Result {
	if r.closed {
		return nil
	}
	r.closed = true
	if r.match == nil {
		return nil
	}
	return match.Awaited(r.match.Close())
}

// sweep closes the rooms nobody came back to: a game that ended while
// nobody watched, and a room where no move was played and both players
// have been away for longer than the grace period. Such a room holds no
// game worth keeping, and would otherwise count against its creator's
// rooms for ever.
func (g *registry) sweep() {
	g.mu.Lock()
	defer g.mu.Unlock()
	now := g.now()
	for code, r := range g.rooms {
		r.mu.Lock()
		if r.over {
			g.closeIfDone(r)
			r.mu.Unlock()
			continue
		}
		away := r.moves() == 0 && len(r.clients) == 0
		for _, s := range r.seats {
			if s.who.Key != "" && (s.clients > 0 || now.Sub(s.leftAt) < g.lim.Grace) {
				away = false
			}
		}
		if !away {
			r.mu.Unlock()
			continue
		}
		r.closeMatch()
		r.mu.Unlock()
		delete(g.rooms, code)
		if err := g.store.forget(code); err != nil {
			g.log.Error("room file not removed", "room", code, "err", err)
		}
		g.log.Info("room closed: nobody came back", "room", code)
		g.pokeLobby()
	}
}

// list is the lobby's view: every open room, those that can be joined
// first, then by code.
func (g *registry) list() []RoomInfo {
	g.mu.Lock()
	defer g.mu.Unlock()
	var out []RoomInfo
	for _, r := range g.rooms {
		r.mu.Lock()
		if r.over {
			r.mu.Unlock()
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
		r.mu.Unlock()
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
	g.lobbyMu.Lock()
	defer g.lobbyMu.Unlock()
	g.lobby[c] = true
}

func (g *registry) leaveLobby(c *client) {
	g.lobbyMu.Lock()
	defer g.lobbyMu.Unlock()
	delete(g.lobby, c)
}

func (g *registry) pokeLobby() {
	g.lobbyMu.Lock()
	defer g.lobbyMu.Unlock()
	for c := range g.lobby {
		c.poke()
	}
}

// closeAll lets every room's match go, for a server that stops: each
// game in progress is on disk once the returned writes are done (a game
// waiting for its second player was written when its room opened).
func (g *registry) closeAll() []<-chan saves.Result {
	g.mu.Lock()
	defer g.mu.Unlock()
	var writes []<-chan saves.Result
	for _, r := range g.rooms {
		r.mu.Lock()
		writes = append(writes, r.closeMatch()...)
		r.mu.Unlock()
	}
	return writes
}

// RoomState is what a room's waiting screen shows of the room itself.
type RoomState struct {
	Code       string
	Variant    string
	Clock      saves.TimeControl
	Seats      [2]SeatState
	Waiting    bool
	Spectators int
	Started    bool // the game is on: the screens show it
}

// SeatState is one side as a room's screen shows it.
type SeatState struct {
	Name   string // "" for a free seat
	Engine bool
	Here   bool          // a session plays from the seat now
	Away   time.Duration // how long its player has been gone
}

// state is the room as its waiting screen shows it. With r.mu held.
func (r *Room) state() RoomState {
	st := RoomState{Code: r.Code, Variant: r.Variant.Name, Clock: r.Clock, Started: r.match != nil}
	now := r.reg.now()
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

// maxChat is how many lines of chat a room keeps; chatRate lines in
// chatPer is the most one client may say.
const (
	maxChat  = 50
	chatRate = 5
	chatPer  = 10 * time.Second
)

// say adds a client's line to the room's chat. With r.mu held.
func (r *Room) say(c *client, text string) error {
	text = cleanChat(text)
	if text == "" {
		return nil
	}
	now := r.reg.now()
	recent := c.said[:0]
	for _, t := range c.said {
		if now.Sub(t) < chatPer {
			recent = append(recent, t)
		}
	}
	c.said = recent
	if len(c.said) >= chatRate {
		return fmt.Errorf("at most %d lines in %s; wait a moment", chatRate, roundDuration(chatPer))
	}
	c.said = append(c.said, now)
	who := c.who.Name
	if ro := r.clients[c]; !ro.player {
		who += " (watching)"
	}
	r.chat = append(r.chat, tui.ChatLine{Who: who, Text: text, At: now})
	if len(r.chat) > maxChat {
		r.chat = append([]tui.ChatLine(nil), r.chat[len(r.chat)-maxChat:]...)
	}
	r.changed()
	return nil
}
