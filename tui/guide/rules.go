package guide

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"varia/rules"
	"varia/tui/board"
	"varia/tui/config"
	"varia/tui/words"
)

// Castling, the count, draws and notation on a guide page.

// ---- castling -------------------------------------------------------------

func (b *guideBuilder) castling() {
	rs := b.v.CastlingRules()
	sec := guideSection{title: "Castling"}
	switch {
	case len(rs) == 0:
		sec.paras = append(sec.paras, "There is no castling.")
		b.add(sec)
		return
	case b.v.Chess960Castling():
		sec.paras = append(sec.paras,
			"The king castles with either rook that has not moved, wherever the start put them: king and rook end where they would in chess, the king on g1 and the rook on f1 for O-O (toward the h-file), the king on c1 and the rook on d1 for O-O-O, mirrored for Black. Every square between the king and its destination and between the rook and its destination must be empty but for the two of them, and the king may not be in check, cross an attacked square or land on one. Either piece may already stand on its destination.",
			"To castle, move the king onto its own rook, or type O-O or O-O-O.")
		if d, ok := b.chess960Diagram(); ok {
			sec.diagrams = append(sec.diagrams, d)
		}
		b.add(sec)
		return
	case slices.Equal(rs, b.chess.CastlingRules()):
		sec.paras = append(sec.paras, "As in chess.")
		b.add(sec)
		return
	}
	var white, black []string
	for _, r := range rs {
		line := fmt.Sprintf("%s: king %s→%s, rook %s→%s, along the king's %s", r.SAN, r.King, r.KingTo, r.Rook, r.RookTo, castleLine(r))
		if r.Letter >= 'a' {
			black = append(black, line)
		} else {
			white = append(white, line)
		}
	}
	sec.paras = append(sec.paras,
		"The king moves two squares toward a rook and the rook lands on the square the king crossed. As in chess, neither may have moved, the squares between them must be empty, and the king may not be in check, cross an attacked square or land on one.",
		"White: "+strings.Join(white, "; ")+".",
		"Black: "+strings.Join(black, "; ")+".",
	)
	if d, ok := b.castlingDiagram(); ok {
		sec.diagrams = append(sec.diagrams, d)
	}
	b.add(sec)
}

func castleLine(r rules.CastlingRule) string {
	if r.King.Rank() == r.KingTo.Rank() {
		return "rank"
	}
	return "file"
}

// castlingDiagram shows White's king and castling rooks alone, the king
// selected, each castle marked.
func (b *guideBuilder) castlingDiagram() (guideDiagram, bool) {
	pl := placement{}
	letters := ""
	var king rules.Square
	for _, r := range b.v.CastlingRules() {
		if r.Letter >= 'a' {
			continue
		}
		king = r.King
		pl[r.King] = rules.MakePiece(rules.White, rules.King)
		pl[r.Rook] = rules.MakePiece(rules.White, rules.Rook)
		letters += string(r.Letter)
	}
	pos, ok := b.position(pl, letters, king)
	if !ok {
		return guideDiagram{}, false
	}
	hl := board.NoHighlights()
	hl.Selected = king
	var castles []rules.Move
	for _, m := range pos.Legal() {
		if m.From() == king && m.Kind() == rules.Castling {
			castles = append(castles, m)
		}
	}
	hl.SetTargets(castles, king)
	var parts []string
	for _, m := range castles {
		parts = append(parts, fmt.Sprintf("%s (%s)", pos.SAN(m), m.UCI()))
	}
	caption := fmt.Sprintf("%s marks where the king lands: %s.", b.glyph(board.HintCastling), words.And(parts))
	return guideDiagram{caption: caption, pos: pos, hl: hl}, true
}

// chess960Example is a Chess960 back rank whose castles show the rule
// well: the king on b1 travels to g1 for O-O, the rooks start on a1 and
// g1, and the kingside rook stands on the king's destination.
const chess960Example = "4k3/8/8/8/8/8/8/RK4R1 w KQ - 0 1"

// chess960Diagram shows a Chess960 king and its rooks, the king
// selected and its castles marked on the rooks it moves onto, with where
// each piece ends (CastleOf).
func (b *guideBuilder) chess960Diagram() (guideDiagram, bool) {
	pos, err := rules.ParseFEN(b.v, chess960Example)
	if err != nil {
		return guideDiagram{}, false
	}
	king := pos.King(rules.White)
	var castles []rules.Move
	var parts []string
	for _, m := range pos.Legal() {
		r, ok := pos.CastleOf(m)
		if m.From() != king || !ok {
			continue
		}
		castles = append(castles, m)
		parts = append(parts, fmt.Sprintf("%s, king %s→%s and rook %s→%s", pos.SAN(m), r.King, r.KingTo, r.Rook, r.RookTo))
	}
	if len(castles) == 0 {
		return guideDiagram{}, false
	}
	sort.Strings(parts)
	hl := board.NoHighlights()
	hl.Selected = king
	hl.SetTargets(castles, king)
	caption := fmt.Sprintf("A king on %s with rooks on a1 and g1: %s marks the rook the king moves onto to castle. %s.",
		king, b.glyph(board.HintCastling), words.Capitalise(strings.Join(parts, "; ")))
	return guideDiagram{caption: caption, pos: pos, hl: hl}, true
}

// ---- count and draws ------------------------------------------------------

func (b *guideBuilder) count() {
	if b.v.CountLimit == 0 {
		return
	}
	b.add(guideSection{title: "The count", paras: []string{fmt.Sprintf(
		"While at least one side has no pawns left, a count runs: it starts on the move that removes a side's last pawn (captured or promoted), and every capture starts it again from zero. When %d moves (%d plies) have been played in the count without checkmate, the game is drawn; a checkmate given on the last of them still wins. The side panel shows the count while it runs.",
		b.v.CountLimit/2, b.v.CountLimit)}})
}

// draws says how a game is drawn: the same rules in every variant, with
// the variant's own material that cannot mate, and what a flag fall
// makes of it.
func (b *guideBuilder) draws() {
	var cases []string
	for _, pat := range b.v.InsufficientMaterial {
		cases = append(cases, b.materialWords(pat))
	}
	material := "only " + words.Or(cases) + " is left"
	switch {
	case b.v.SameColourBishopsDraw:
		material += ", or a king and bishop against a king and bishop with both bishops on squares of one colour"
	case b.chess.SameColourBishopsDraw && len(b.v.Pieces[rules.Bishop].Steps) > 0:
		material += " (unlike chess, bishops on squares of one colour are no draw: a bishop's King's Step changes its colour)"
	}
	auto := []string{"by stalemate (the side to move has no legal move and is not in check)", "when " + material,
		"when a position occurs for the fifth time", "after 75 moves by each side without a capture or a pawn move"}
	if b.v.CountLimit > 0 {
		auto = append(auto, "when the count runs out (above)")
	}
	draw := config.FirstKey(b.keys.Game.Draw)
	paras := []string{
		"The game is drawn at once " + strings.Join(auto, "; ") + ".",
		fmt.Sprintf("The side to move may claim a draw (%s in a game) when the position has occurred three times, or after 50 moves by each side without a capture or a pawn move. The same key offers a draw, which the other player may accept.", draw),
		b.flagFall(),
	}
	b.add(guideSection{title: "Draws", paras: paras})
}

// flagFall says what running out of time does here: it loses, unless the
// opponent could not mate even against a bare king (rules'
// Position.CanMate), whatever else stands on the board.
func (b *guideBuilder) flagFall() string {
	var alone []string
	for _, pat := range b.v.InsufficientMaterial {
		sides := strings.Split(pat, " v ")
		if len(sides) == 2 && sides[1] == "K" && sides[0] != "K" {
			alone = append(alone, b.sideWords(sides[0]))
		}
	}
	text := "With a clock, a player whose time runs out loses, unless the opponent could not mate even against a bare king: the opponent has only a king"
	if len(alone) > 0 {
		text += ", or only " + words.Or(alone)
	}
	if b.v.SameColourBishopsDraw {
		text += ", or only bishops all on squares of one colour"
	}
	text += ". Then the game is drawn. Only the opponent's own pieces count: "
	if minor := b.minorWords(); minor != "" {
		text += fmt.Sprintf("%s against a king and a pawn is a draw when the pawn's side runs out of time, though a mate would still be possible with the pawn's help (FIDE's rules count that a loss).", minor)
	} else {
		text += "what the other side still has does not help it."
	}
	return text
}

// minorWords names a lone minor piece that cannot mate: "a king and a
// knight"; empty when the variant has none.
func (b *guideBuilder) minorWords() string {
	for _, pat := range b.v.InsufficientMaterial {
		if sides := strings.Split(pat, " v "); len(sides) == 2 && len(sides[0]) == 2 && sides[1] == "K" {
			return b.sideWords(sides[0])
		}
	}
	return ""
}

// sideWords reads one side of a material pattern: "KN" is "a king and a
// knight".
func (b *guideBuilder) sideWords(side string) string {
	var names []string
	for i := 0; i < len(side); i++ {
		names = append(names, "a "+lower(b.name(rules.PieceTypeFromLetter(side[i]))))
	}
	return words.And(names)
}

// materialWords reads "KN v K" as "king and knight against king".
func (b *guideBuilder) materialWords(pat string) string {
	sides := strings.Split(pat, " v ")
	var out []string
	for _, side := range sides {
		var names []string
		for i := 0; i < len(side); i++ {
			names = append(names, lower(b.name(rules.PieceTypeFromLetter(side[i]))))
		}
		out = append(out, words.And(names))
	}
	return strings.Join(out, " against ")
}

// ---- notation -------------------------------------------------------------

func (b *guideBuilder) notation() {
	sec := guideSection{title: "Notation"}
	sec.paras = append(sec.paras, fmt.Sprintf("Moves are written in SAN. In a game, %s opens a prompt that reads SAN and UCI (the squares from and to: e2e4).", config.FirstKey(b.keys.Game.Type)))
	var stepNames, stepEx []string
	for _, k := range []board.HintKind{board.HintKingsStep, board.HintPawnLateral, board.HintPawnDiagonal} {
		if ex := b.examples[k]; len(ex) > 0 {
			stepNames = append(stepNames, k.String()+"s")
			stepEx = append(stepEx, ex[0])
		}
	}
	if len(stepNames) > 0 {
		sec.paras = append(sec.paras, fmt.Sprintf("Moves that never capture — %s — name their starting square and are written with a tilde: %s. Other moves are plain SAN, and a plain move is never disambiguated because of a step.",
			words.And(stepNames), strings.Join(stepEx, ", ")))
	}
	offFile := false
	for _, m := range b.v.Pawn.Moves {
		offFile = offFile || (m.Kind == rules.Quiet && m.Vec.DF != 0)
	}
	if offFile && b.pawnSAN.move != "" && len(b.pawnSAN.captures) > 0 {
		sort.Strings(b.pawnSAN.captures)
		text := fmt.Sprintf("A pawn move is written by its destination (%s)", b.pawnSAN.move)
		if len(quietPawnVecs(b.v)) > 1 {
			text += ", with the pawn's file in front when two pawns could make it"
			if b.pawnSAN.twoFiles != "" {
				text += " (" + b.pawnSAN.twoFiles + ")"
			}
		}
		text += fmt.Sprintf("; a pawn capture by the pawn's file, x and the destination (%s)", strings.Join(b.pawnSAN.captures, ", "))
		if sameFileCaptures(b.v.Pawn.Captures) {
			text += ", with the pawn's rank added when two pawns on one file could make the capture"
		}
		sec.paras = append(sec.paras, text+".")
	}
	alongFile := false
	for _, r := range b.v.CastlingRules() {
		alongFile = alongFile || castleLine(r) == "file"
	}
	if alongFile {
		sec.paras = append(sec.paras, "O-O is the castle along the king's rank and O-O-O the one along its file. In UCI a castle is the king's move.")
	}
	if b.promoSAN != "" {
		sec.paras = append(sec.paras, fmt.Sprintf("A promotion adds = and the new piece's letter: %s.", b.promoSAN))
	}
	var renamed []string
	for t := rules.Knight; t <= rules.King; t++ {
		if b.v.Pieces[t].Name != b.chess.Pieces[t].Name {
			renamed = append(renamed, fmt.Sprintf("%c stands for the %s", t.Letter(), b.name(t)))
		}
	}
	if len(renamed) > 0 {
		sec.paras = append(sec.paras, words.Capitalise(words.And(renamed))+", in SAN, FEN and on the board in letters.")
	}
	b.add(sec)
}

func quietPawnVecs(v *rules.Variant) []rules.Vec {
	var out []rules.Vec
	for _, m := range v.Pawn.Moves {
		if m.Kind == rules.Quiet {
			out = append(out, m.Vec)
		}
	}
	return out
}

// sameFileCaptures reports whether two pawns on one file can capture on
// the same square: two capture directions that change the file alike.
func sameFileCaptures(vs []rules.Vec) bool {
	for i, a := range vs {
		for _, b := range vs[i+1:] {
			if a.DF == b.DF {
				return true
			}
		}
	}
	return false
}
