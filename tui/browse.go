package tui

import (
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"varia/rules"
	"varia/tui/board"
	"varia/tui/config"
	"varia/tui/match"
	"varia/tui/words"
)

// browser is a screen's look back through the game being played: the
// position after any of its moves, shown without undoing anything. The
// match plays on meanwhile (the engine thinks, the clock runs); the
// screen shows the live position again when asked, or when a move is
// to be made.
type browser struct {
	game    *rules.Game // a copy of the game walked back to the position shown; nil when live
	version int         // the match's version the copy was made at
}

// browsing reports whether an earlier position is shown.
func (b *browser) browsing() bool { return b.game != nil }

// ply is the number of moves played to reach the position shown.
func (b *browser) ply(m *match.Match) int {
	if b.game == nil {
		return m.Game().Len()
	}
	return b.game.Len()
}

// game is the game as shown: the copy while browsing, else the match's.
func (b *browser) shown(m *match.Match) *rules.Game {
	if b.game == nil {
		return m.Game()
	}
	return b.game
}

// goTo shows the position after n moves of the game, the live one when
// n reaches its end.
func (b *browser) goTo(m *match.Match, n int) {
	live := m.Game()
	n = max(0, n)
	if n >= live.Len() {
		b.game = nil
		return
	}
	if b.game == nil || b.version != m.Version() {
		// Stepping forward stops short of the live position (n is below
		// it), so moves taken back in the live game are never shown.
		b.game, b.version = live.Clone(), m.Version()
	}
	for b.game.Len() > n && b.game.Undo() {
	}
	for b.game.Len() < n && b.game.Redo() {
	}
}

// step moves the position shown by delta moves.
func (b *browser) step(m *match.Match, delta int) { b.goTo(m, b.ply(m)+delta) }

// follow keeps the position shown when the live game changes: the same
// number of moves, unless the game no longer has them.
func (b *browser) follow(m *match.Match) {
	if b.game != nil && b.version != m.Version() {
		n := b.game.Len()
		b.game = nil
		b.goTo(m, n)
	}
}

// stop shows the live position again.
func (b *browser) stop() { b.game = nil }

// key takes the keys that end browsing: enter and esc go back to the
// game, and the next press acts on it (true: the key is taken); typing
// a move, undo and redo go back to the game and on to their own action.
func (b *browser) key(msg tea.KeyMsg, k config.GameKeys) bool {
	if !b.browsing() {
		return false
	}
	switch {
	case key.Matches(msg, k.Select, k.Cancel):
		b.stop()
		return true
	case key.Matches(msg, k.Type, k.Undo, k.Redo):
		b.stop()
	}
	return false
}

// helpKeys are the keys the help line shows while browsing.
func (b *browser) helpKeys(k config.GameKeys) []key.Binding {
	back := k.Back
	back.SetHelp(config.FirstKey(k.Back)+"/"+config.FirstKey(k.Forward), "earlier/later")
	live := k.Cancel
	live.SetHelp(config.FirstKey(k.Cancel), "back to the game")
	return append([]key.Binding{back, live}, config.ShortBindings(k.Flip, k.Help, k.Quit)...)
}

// banner says over the board, width wide, that an earlier position is
// shown.
func (b *browser) banner(m *match.Match, st *board.Styles, width int) string {
	text := words.Truncate("◂ "+browseText(b.shown(m))+" ▸", width)
	if st.ASCII {
		text = words.Truncate("< "+browseText(b.shown(m))+" >", width)
	}
	pad := max(0, (width-words.Width(text))/2)
	return strings.Repeat(" ", pad) + st.Warning.Render(text) + strings.Repeat(" ", max(0, width-pad-words.Width(text)))
}

// browseText names the position shown: "after 12. Nf3", "the start".
func browseText(shown *rules.Game) string {
	n := shown.Len()
	if n == 0 {
		return "earlier position: the start"
	}
	return "earlier position: after " + recordLabel(shown.History()[n-1])
}
