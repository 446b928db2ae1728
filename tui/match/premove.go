package match

import (
	"fmt"
	"strings"

	"varia/rules"
)

// Premoves: against the computer, a person may make their next move
// while the engine still thinks. It is queued, one at a time, and played
// the moment the engine has moved, if it is legal then; if not, it is
// dropped and the person told. Taking a move back, or the game ending,
// drops it too.

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

// canPremove says whether side may queue a premove now: a person
// playing the computer, while the engine is to move.
func (m *Match) canPremove(side rules.Color) error {
	switch {
	case m.game.Result().Over():
		return RefusedGameOver
	case m.players[side].Computer || !m.players[side.Other()].Computer:
		return RefusedNoPremove
	case m.game.Position().SideToMove() == side:
		return RefusedYourMove
	case m.eng.search == nil || m.eng.search.Purpose != ForMove:
		// The engine waits (it failed, or is paused): nothing to queue for.
		return RefusedNotYourMove
	}
	return nil
}

// PremoveMoves lists what side could queue: the moves its pieces would
// have if the engine passed, and recaptures (a piece onto a square of its
// own side it guards, or a pawn onto a square it attacks), for the engine
// may take there first. None when side cannot premove now.
func (m *Match) PremoveMoves(side rules.Color) []Premove {
	if m.canPremove(side) != nil {
		return nil
	}
	pos := m.passed()
	var out []Premove
	seen := map[Premove]bool{}
	add := func(p Premove) {
		if !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	for _, mv := range pos.Legal() {
		add(premoveOf(mv))
	}
	v := m.game.Variant()
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
func (m *Match) passed() *rules.Position {
	pos := m.game.Position().Clone()
	pos.MakeNull()
	return pos
}

// ParsePremove reads a premove typed for side as the move it would be if
// the engine passed ("Nf3", "e2e4").
func (m *Match) ParsePremove(side rules.Color, text string) (Premove, error) {
	if err := m.canPremove(side); err != nil {
		return Premove{}, err
	}
	mv, err := m.passed().ParseMove(text)
	if err != nil {
		// a recapture, written as PremoveText writes it ("Nxd2")
		for _, p := range m.PremoveMoves(side) {
			if m.PremoveText(p) == strings.TrimSpace(text) {
				return p, nil
			}
		}
		return Premove{}, err
	}
	return premoveOf(mv), nil
}

// Premove queues side's next move while the engine thinks, replacing
// one queued before; it must be one of PremoveMoves.
func (m *Match) Premove(side rules.Color, p Premove) error {
	if err := m.canPremove(side); err != nil {
		return err
	}
	for _, q := range m.PremoveMoves(side) {
		if q == p {
			m.premove, m.premoveSide, m.premoved = p, side, true
			m.premoveText = m.PremoveText(p)
			return nil
		}
	}
	return fmt.Errorf("%s cannot be queued: no piece of %s could make it", p, side)
}

// CancelPremove drops the queued premove; false when there was none.
func (m *Match) CancelPremove() bool {
	had := m.premoved
	m.premoved = false
	return had
}

// Queued is the premove waiting for the engine's move, if any.
func (m *Match) Queued() (Premove, rules.Color, bool) {
	return m.premove, m.premoveSide, m.premoved
}

// playPremove plays the queued premove once the engine has moved: the
// legal move with its squares (and promotion), or, when there is none,
// it is dropped. The note says both what the engine played and what
// became of the premove.
func (m *Match) playPremove(reply string) {
	if !m.premoved {
		return
	}
	p, side := m.premove, m.premoveSide
	m.premoved = false
	pos := m.game.Position()
	if m.game.Result().Over() || pos.SideToMove() != side {
		return
	}
	for _, mv := range pos.Legal() {
		if premoveOf(mv) != p {
			continue
		}
		san := pos.SAN(mv)
		if err := m.game.Play(mv); err != nil {
			break
		}
		if m.changed() {
			m.say(Note{Kind: NotePremovePlayed, Side: side, SAN: san, Move: mv, Reply: reply})
		} else {
			m.say(Note{Kind: NoteGameOver, Result: m.game.Result()})
		}
		return
	}
	m.say(Note{Kind: NotePremoveDropped, Side: side, Premove: p, SAN: m.premoveText, Reply: reply})
}

// CanPremove reports whether side may queue a premove now.
func (m *Match) CanPremove(side rules.Color) bool { return m.canPremove(side) == nil }

// PremoveText writes a premove for people: its SAN as the move it would
// be if the engine passed ("Nf3"), or, for a recapture onto a square of
// one's own, the piece taking there ("Nxd2", "exd5").
func (m *Match) PremoveText(p Premove) string {
	pos := m.game.Position()
	if pos.SideToMove() != pos.PieceAt(p.From).Color() {
		passed := m.passed()
		for _, mv := range passed.Legal() {
			if premoveOf(mv) == p {
				return passed.SAN(mv)
			}
		}
	}
	pc := pos.PieceAt(p.From)
	text := ""
	if pc.Type() == rules.Pawn {
		text = p.From.String()[:1]
	} else if pc != rules.NoPiece {
		text = string(rune(pc.Type().Letter()))
	}
	text += "x" + p.To.String()
	if p.Promotion != rules.NoPieceType {
		text += "=" + string(rune(p.Promotion.Letter()))
	}
	return text
}
