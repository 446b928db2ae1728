package match

import (
	"fmt"
	"strings"

	"varia/rules"
)

// Premove is a move queued for a person's next turn: a piece's square,
// where it goes and, for a pawn promoting, what it becomes.
type Premove struct {
	From, To  rules.Square
	Promotion rules.PieceType
}

// String writes the premove as UCI does ("e2e4", "e7e8q").
func (p Premove) String() string {
	s := p.From.String() + p.To.String()
	if p.Promotion != rules.NoPieceType {
		s += string(rune(p.Promotion.Letter()) | 0x20)
	}
	return s
}

// premoveOf is the premove a legal move's squares make.
func premoveOf(mv rules.Move) Premove {
	return Premove{From: mv.From(), To: mv.To(), Promotion: mv.Promotion()}
}

// Premoves: against the computer, a person may make their next move
// while the engine still thinks. It is queued, one at a time, and played
// the moment the engine has moved, if it is legal then; if not, it is
// dropped and the person told. Taking a move back, or the game ending,
// drops it too.
type Premoves struct {
	c *core
	// thinking reports whether the engine searches for its move now:
	// only then is there a move to queue for.
	thinking func() bool
	queued   Premove
	side     rules.Color
	on       bool
	text     string // as it was written when queued
}

// allowed says whether side may queue a premove now: a person playing
// the computer, while the engine is to move.
func (p *Premoves) allowed(side rules.Color) error {
	c := p.c
	switch {
	case c.over():
		return RefusedGameOver
	case c.players[side].Computer || !c.players[side.Other()].Computer:
		return RefusedNoPremove
	case c.game.Position().SideToMove() == side:
		return RefusedYourMove
	case !p.thinking():
		// The engine waits (it failed, or is paused): nothing to queue for.
		return RefusedNotYourMove
	}
	return nil
}

// Allowed reports whether side may queue a premove now.
func (p *Premoves) Allowed(side rules.Color) bool { return p.allowed(side) == nil }

// Moves lists what side could queue: the moves its pieces would have if
// the engine passed, and recaptures (a piece onto a square of its own
// side it guards, or a pawn onto a square it attacks), for the engine
// may take there first. None when side cannot premove now.
func (p *Premoves) Moves(side rules.Color) []Premove {
	if p.allowed(side) != nil {
		return nil
	}
	pos := p.passed()
	var out []Premove
	seen := map[Premove]bool{}
	add := func(q Premove) {
		if !seen[q] {
			seen[q] = true
			out = append(out, q)
		}
	}
	for _, mv := range pos.Legal() {
		add(premoveOf(mv))
	}
	v := p.c.game.Variant()
	own := pos.ColorPieces(side)
	for b := own; b != 0; {
		from := b.PopFirst()
		pc := pos.PieceAt(from)
		reach := pos.AttacksFrom(from) & own
		if pc.Type() == rules.Pawn {
			reach = pos.AttacksFrom(from) // a pawn captures only where it attacks
		}
		for r := reach; r != 0; {
			to := r.PopFirst()
			if pc.Type() == rules.Pawn && v.PromotionSquares(side).Has(to) {
				for _, t := range v.Promotions() {
					add(Premove{From: from, To: to, Promotion: t})
				}
				continue
			}
			add(Premove{From: from, To: to})
		}
	}
	return out
}

// passed is the position as if the engine passed: side's pieces to move.
func (p *Premoves) passed() *rules.Position {
	pos := p.c.game.Position().Clone()
	pos.MakeNull()
	return pos
}

// Parse reads a premove typed for side as the move it would be if the
// engine passed ("Nf3", "e2e4").
func (p *Premoves) Parse(side rules.Color, text string) (Premove, error) {
	if err := p.allowed(side); err != nil {
		return Premove{}, err
	}
	mv, err := p.passed().ParseMove(text)
	if err != nil {
		// a recapture, written as Text writes it ("Nxd2")
		for _, q := range p.Moves(side) {
			if p.Text(q) == strings.TrimSpace(text) {
				return q, nil
			}
		}
		return Premove{}, err
	}
	return premoveOf(mv), nil
}

// Queue queues side's next move while the engine thinks, replacing one
// queued before; it must be one of Moves.
func (p *Premoves) Queue(side rules.Color, q Premove) error {
	if err := p.allowed(side); err != nil {
		return err
	}
	for _, r := range p.Moves(side) {
		if r == q {
			p.queued, p.side, p.on = q, side, true
			p.text = p.Text(q)
			return nil
		}
	}
	return fmt.Errorf("%s cannot be queued: no piece of %s could make it", q, side)
}

// Cancel drops the queued premove; false when there was none.
func (p *Premoves) Cancel() bool {
	had := p.on
	p.on = false
	return had
}

// Queued is the premove waiting for the engine's move, if any.
func (p *Premoves) Queued() (Premove, rules.Color, bool) {
	return p.queued, p.side, p.on
}

// play plays the queued premove once the engine has moved (reply): the
// legal move with its squares (and promotion), or, when there is none,
// it is dropped. The note says both what the engine played and what
// became of the premove.
func (p *Premoves) play(reply string) {
	if !p.on {
		return
	}
	c := p.c
	q, side := p.queued, p.side
	p.on = false
	pos := c.game.Position()
	if c.over() || pos.SideToMove() != side {
		return
	}
	for _, mv := range pos.Legal() {
		if premoveOf(mv) != q {
			continue
		}
		san := pos.SAN(mv)
		if err := c.game.Play(mv); err != nil {
			break
		}
		c.moved(Note{Kind: NotePremovePlayed, Side: side, SAN: san, Move: mv, Reply: reply})
		return
	}
	c.say(Note{Kind: NotePremoveDropped, Side: side, Premove: q, SAN: p.text, Reply: reply})
}

// Text writes a premove for people: its SAN as the move it would be if
// the engine passed ("Nf3"), or, for a recapture onto a square of one's
// own, the piece taking there ("Nxd2", "exd5").
func (p *Premoves) Text(q Premove) string {
	pos := p.c.game.Position()
	if pos.SideToMove() != pos.PieceAt(q.From).Color() {
		passed := p.passed()
		for _, mv := range passed.Legal() {
			if premoveOf(mv) == q {
				return passed.SAN(mv)
			}
		}
	}
	pc := pos.PieceAt(q.From)
	text := ""
	if pc.Type() == rules.Pawn {
		text = q.From.String()[:1]
	} else if pc != rules.NoPiece {
		text = string(rune(pc.Type().Letter()))
	}
	text += "x" + q.To.String()
	if q.Promotion != rules.NoPieceType {
		text += "=" + string(rune(q.Promotion.Letter()))
	}
	return text
}
