package tui

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"varia/rules"
	"varia/tui/board"
	"varia/tui/config"
	"varia/tui/match"
	"varia/tui/words"
)

// editorScreen sets up a position to start a game from, in any variant:
// the piece letters put pieces on the cursor's square (the last one
// chosen goes again with enter, or a click), the side to move and the
// castling rights are chosen, and the rules' FEN reader says, as the
// position changes, whether a game can start from it and if not why.
// The game is played with the players and clock chosen in the menu.
type editorScreen struct {
	ctx   *Context
	keys  config.EditorKeys
	help  help.Model
	opts  GameOptions // the menu's choices: variant, players, clock, view
	setup *match.Setup
	board boardView
	brush rules.Piece // the piece enter and clicks put
	msg   message
}

func newEditorScreen(ctx *Context, opts GameOptions) *editorScreen {
	if opts.Variant == nil {
		opts.Variant = rules.Standard
	}
	e := &editorScreen{ctx: ctx, keys: ctx.Settings.Keys.Editor, help: newHelp(ctx.Styles), opts: opts}
	e.setup = match.NewSetup(opts.Variant, opts.FEN)
	pos := rules.NewPosition(opts.Variant)
	e.board = newBoardView(opts.View.For(opts.Variant), pos)
	e.board.cursor = rules.MakeSquare(4, 3) // e4: the middle, ready for a piece
	e.brush = rules.MakePiece(rules.White, rules.Queen)
	e.SetSize(ctx.Width, ctx.Height)
	return e
}

func (e *editorScreen) SetSize(w, h int) {
	e.board.layout(w, h)
	e.help.Width = w
}

func (e *editorScreen) relayout() { e.SetSize(e.ctx.Width, e.ctx.Height) }

func (e *editorScreen) Update(msg tea.Msg) (screen, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.KeyMsg:
		return e, splitKeys(msg, e.key, nil)
	case tea.MouseMsg:
		e.mouse(msg)
	}
	return e, nil
}

// pieceLetter is the piece a key puts: a FEN letter, upper case White.
func pieceLetter(k tea.KeyMsg) (rules.Piece, bool) {
	if k.Type != tea.KeyRunes || len(k.Runes) != 1 || k.Runes[0] > 127 {
		return rules.NoPiece, false
	}
	c := byte(k.Runes[0])
	t := rules.PieceTypeFromLetter(c)
	if t == rules.NoPieceType {
		return rules.NoPiece, false
	}
	color := rules.White
	if c >= 'a' {
		color = rules.Black
	}
	return rules.MakePiece(color, t), true
}

func (e *editorScreen) key(k tea.KeyMsg) tea.Cmd {
	b := &e.board
	if e.board.frame.tooSmall {
		switch {
		case key.Matches(k, e.keys.Back):
			return goBack()
		case key.Matches(k, e.keys.View):
			b.toggleView()
			e.relayout()
		}
		return nil
	}
	if pc, ok := pieceLetter(k); ok {
		e.brush = pc
		e.put(b.cursor, pc)
		return nil
	}
	e.msg = message{}
	switch km := e.keys; {
	case key.Matches(k, km.Back):
		return goBack()
	case b.steer(k, km.Up, km.Down, km.Left, km.Right):
	case key.Matches(k, km.Put):
		e.put(b.cursor, e.brush)
	case key.Matches(k, km.Remove):
		e.setup.Put(b.cursor, rules.NoPiece)
	case key.Matches(k, km.Turn):
		e.setup.SetSideToMove(e.setup.SideToMove().Other())
	case key.Matches(k, km.Castling):
		letters, _ := e.setup.Castling()
		if r := k.Runes; len(r) == 1 && r[0] >= '1' && int(r[0]-'1') < len(letters) {
			e.setup.ToggleCastling(letters[r[0]-'1'])
		}
	case key.Matches(k, km.Clear):
		e.setup.Clear()
	case key.Matches(k, km.Reset):
		e.setup.Reset()
	case b.turn(k, km.Flip, km.View):
		e.relayout()
	case key.Matches(k, km.Start):
		return e.begin()
	}
	return nil
}

// put puts a piece on a square; the same piece again takes it away.
func (e *editorScreen) put(s rules.Square, pc rules.Piece) {
	if e.setup.PieceAt(s) == pc {
		pc = rules.NoPiece
	}
	e.setup.Put(s, pc)
}

// mouse: a click puts the last piece chosen (or takes it away, when it
// stands there); a right click empties the square.
func (e *editorScreen) mouse(msg tea.MouseMsg) {
	if e.board.frame.tooSmall || msg.Action != tea.MouseActionPress {
		return
	}
	s, ok := e.board.click(msg.X, msg.Y)
	if !ok {
		return
	}
	switch msg.Button {
	case tea.MouseButtonLeft:
		e.put(s, e.brush)
	case tea.MouseButtonRight:
		e.setup.Put(s, rules.NoPiece)
	}
}

// begin starts the game from the position, if the rules accept it. (Not
// start: that is what a screen does as it comes on.)
func (e *editorScreen) begin() tea.Cmd {
	if _, err := e.setup.Check(); err != nil {
		e.msg.complain("Cannot start: %v", err)
		return nil
	}
	opts := e.opts
	opts.FEN, opts.StartRandom = e.setup.FEN(), false
	opts.View = e.board.choice()
	opts.Continue, opts.Resume = nil, false
	return startGame(opts)
}

func (e *editorScreen) View() string {
	f := &e.board.frame
	st := e.ctx.Styles
	if f.tooSmall {
		return tooSmallView(st, f.width, f.height, f.needW, f.needH, e.board.view, config.GameKeys{View: e.keys.View, Quit: e.keys.Back})
	}
	hl := board.NoHighlights()
	hl.Cursor = e.board.cursor
	boardLines := strings.Split(board.Render(e.setup, &hl, f.board, st), "\n")
	return f.compose(boardLines, e.panel(), shortHelp(e.help, e.keys.ShortHelp()))
}

// panel says what is set up: the piece to put, the side to move, the
// castling rights, the FEN, and whether a game can start from it.
func (e *editorScreen) panel() []string {
	st := e.ctx.Styles
	w, h := e.board.frame.panelW, e.board.frame.panelH
	p := &panelWriter{width: w}
	v := e.setup.Variant()
	p.line(st.Title.Render(words.Truncate("Set up a position", w)))
	p.line(st.Subtle.Render(words.Truncate(v.Name+" · "+e.opts.Mode.Short(), w)))
	p.blank()
	pieces := func(c rules.Color) string {
		var b strings.Builder
		for t := rules.Pawn; t <= rules.King; t++ {
			if b.Len() > 0 {
				b.WriteByte(' ')
			}
			letter := t.Letter()
			if c == rules.Black {
				letter += 'a' - 'A'
			}
			fmt.Fprintf(&b, "%c%c", letter, st.Glyphs.Piece(rules.MakePiece(c, t)))
		}
		return b.String()
	}
	p.wrap("Letters put pieces: "+pieces(rules.White)+", and "+pieces(rules.Black)+"; again takes one away.", st.Move)
	p.wrap(fmt.Sprintf("Put with %s or a click: %s %s", config.FirstKey(e.keys.Put), string(st.Glyphs.Piece(e.brush)), colourName(e.brush.Color())+" "+v.PieceName(e.brush.Type())), st.Subtle)
	p.blank()
	p.line(fmt.Sprintf("%s to move %s", colourName(e.setup.SideToMove()), st.Subtle.Render("("+config.FirstKey(e.keys.Turn)+")")))
	if letters, granted := e.setup.Castling(); len(letters) > 0 {
		var parts []string
		for i, l := range letters {
			mark := "-"
			if granted[l] {
				mark = "✓"
				if st.ASCII {
					mark = "+"
				}
			}
			parts = append(parts, fmt.Sprintf("%d %c%s", i+1, l, mark))
		}
		p.wrap("Castling: "+strings.Join(parts, "  "), st.Move)
	}
	p.blank()
	p.line(st.Bold.Render("FEN"))
	for _, line := range hardWrap(e.setup.FEN(), w) {
		p.line(st.Subtle.Render(line))
	}
	p.blank()
	if _, err := e.setup.Check(); err != nil {
		p.wrap("Not a position to start from: "+err.Error(), st.Error)
	} else {
		p.wrap(fmt.Sprintf("Ready: %s starts the game (%s).", config.FirstKey(e.keys.Start), e.opts.Mode), st.Accent)
	}
	if e.msg.text != "" {
		style := st.Accent
		if e.msg.err {
			style = st.Error
		}
		p.wrap(e.msg.text, style)
	}
	// The keys the help line has no room for: with the letters taken by
	// the pieces, the editor has no ? page to list them.
	_, left := shortHelpSplit(e.help, e.keys.ShortHelp())
	var also []string
	for _, b := range append(left, e.keys.View) {
		if b.Enabled() {
			also = append(also, b.Help().Key+" "+b.Help().Desc)
		}
	}
	if len(also) > 0 {
		p.blank()
		p.wrap("Also: "+strings.Join(also, " · "), st.Subtle)
	}
	lines := p.fit(h - 1)
	for len(lines) < h-1 {
		lines = append(lines, "")
	}
	s := e.board.cursor
	text := fmt.Sprintf("%s: empty", s)
	if pc := e.setup.PieceAt(s); pc != rules.NoPiece {
		text = fmt.Sprintf("%s: %s %s", s, colourName(pc.Color()), v.PieceName(pc.Type()))
	}
	return append(lines, st.Subtle.Render(words.Truncate(text, w)))
}
