package serve

import (
	"errors"

	"github.com/charmbracelet/log"

	"varia/saves"
)

// roomKeeper keeps a room's game where the server keeps its rooms' games
// (store): rooms/CODE.pgn while it is played, games/CODE.pgn once it has
// ended. It is the match's Keeper for a room: the match says when, the
// room's keeper where. Requests are carried out in the order asked, one
// at a time, off the caller's goroutine (the caller holds the room's
// lock): a saves.Queue.
type roomKeeper struct {
	store  store
	code   string
	log    *log.Logger
	q      saves.Queue
	closed bool // by the queue's goroutine: nothing is written after Close
}

func newRoomKeeper(st store, code string, logger *log.Logger) *roomKeeper {
	return &roomKeeper{store: st, code: code, log: logger}
}

// errNotHere refuses a save to a path: a client never writes on the
// server's disk where it likes.
var errNotHere = errors.New("a game on the server is not saved where a client says; copy its PGN instead")

func (k *roomKeeper) Keep(sg *saves.SavedGame) <-chan saves.Result {
	return k.q.Submit(true, func() saves.Result {
		if k.closed {
			return saves.Result{}
		}
		err := k.store.save(k.code, sg)
		if err != nil {
			k.log.Error("game not kept", "room", k.code, "err", err)
		}
		return saves.Result{KeepErr: err}
	})
}

func (k *roomKeeper) Finish(sg *saves.SavedGame) <-chan saves.Result {
	return k.q.Submit(false, func() saves.Result {
		if k.closed {
			return saves.Result{}
		}
		if err := k.store.finish(k.code, sg); err != nil {
			k.log.Error("finished game not filed", "room", k.code, "err", err)
			// The room's file keeps the finished game, for the host to see.
			return saves.Result{Err: err, KeepErr: k.store.save(k.code, sg)}
		}
		return saves.Result{SavedTo: k.store.gamePath(k.code)}
	})
}

func (k *roomKeeper) SaveAs(*saves.SavedGame, string, bool, bool) <-chan saves.Result {
	return k.q.Submit(false, func() saves.Result { return saves.Result{Err: errNotHere} })
}

func (k *roomKeeper) Close() <-chan saves.Result {
	return k.q.Submit(false, func() saves.Result {
		k.closed = true
		return saves.Result{}
	})
}
