package rules

// The eight variants, as data. RULES.md is the rule book each one follows;
// anything a variant's own text leaves open is decided there.

var (
	knightLeaps = []Vec{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}}
	kingLeaps   = kingVecs
	ferzLeaps   = []Vec{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
)

// chessPieces move as in chess.
var chessPieces = [7]PieceRule{
	Pawn:   {Name: "Pawn"},
	Knight: {Name: "Knight", Leaps: knightLeaps},
	Bishop: {Name: "Bishop", Slides: Diagonal},
	Rook:   {Name: "Rook", Slides: Orthogonal},
	Queen:  {Name: "Queen", Slides: Orthogonal | Diagonal},
	King:   {Name: "King", Leaps: kingLeaps},
}

var (
	allPromotions = []PieceType{Queen, Rook, Bishop, Knight}
	forward       = Vec{0, 1}
	chessPawn     = PawnRule{
		Moves:           []PawnStep{{forward, Quiet}},
		Captures:        []Vec{{-1, 1}, {1, 1}},
		DoubleStep:      []Vec{forward},
		Promotion:       "a8 b8 c8 d8 e8 f8 g8 h8",
		PromoteTo:       allPromotions,
		BackRankIllegal: true,
	}
	chessCastling = []CastlingRule{
		{'K', "O-O", sq("e1"), sq("g1"), sq("h1"), sq("f1")},
		{'Q', "O-O-O", sq("e1"), sq("c1"), sq("a1"), sq("d1")},
		{'k', "O-O", sq("e8"), sq("g8"), sq("h8"), sq("f8")},
		{'q', "O-O-O", sq("e8"), sq("c8"), sq("a8"), sq("d8")},
	}
	// Castling with the king in the corner: K/k along the king's rank,
	// Q/q along its file. Edgy and Diagonal differ only in the file rook.
	edgyCastling = []CastlingRule{
		{'K', "O-O", sq("a1"), sq("c1"), sq("d1"), sq("b1")},
		{'Q', "O-O-O", sq("a1"), sq("a3"), sq("a5"), sq("a2")},
		{'k', "O-O", sq("h8"), sq("f8"), sq("e8"), sq("g8")},
		{'q', "O-O-O", sq("h8"), sq("h6"), sq("h4"), sq("h7")},
	}
	diagonalCastling = []CastlingRule{
		{'K', "O-O", sq("a1"), sq("c1"), sq("d1"), sq("b1")},
		{'Q', "O-O-O", sq("a1"), sq("a3"), sq("a4"), sq("a2")},
		{'k', "O-O", sq("h8"), sq("f8"), sq("e8"), sq("g8")},
		{'q', "O-O-O", sq("h8"), sq("h6"), sq("h5"), sq("h7")},
	}
	// Chess960 castles: king and rook start anywhere on the back rank, the
	// rook on the side of the king it castles toward, and end on chess's
	// squares.
	chess960Castling = []CastlingRule{
		{'K', "O-O", NoSquare, sq("g1"), NoSquare, sq("f1")},
		{'Q', "O-O-O", NoSquare, sq("c1"), NoSquare, sq("d1")},
		{'k', "O-O", NoSquare, sq("g8"), NoSquare, sq("f8")},
		{'q', "O-O-O", NoSquare, sq("c8"), NoSquare, sq("d8")},
	}
	chessDraws = []string{"K v K", "KN v K", "KB v K"}
)

// Standard is ordinary chess, the reference that proves the shared core.
var Standard = register(&Variant{
	ID:                    "standard",
	Name:                  "Chess",
	Description:           "Ordinary chess, the reference game.",
	StartFEN:              "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
	Pieces:                chessPieces,
	Pawn:                  chessPawn,
	Castling:              chessCastling,
	InsufficientMaterial:  chessDraws,
	SameColourBishopsDraw: true,
})

// Asha gives knights, bishops and rooks a non-capturing King's Step and
// pawns non-capturing sideways and diagonal steps.
var Asha = register(&Variant{
	ID:          "asha",
	Name:        "Asha chess",
	PGNName:     "Asha",
	Description: "Chess, plus non-capturing King's Steps for N, B, R and sideways/diagonal pawn steps.",
	StartFEN:    Standard.StartFEN,
	Pieces: func() [7]PieceRule {
		p := chessPieces
		for _, t := range []PieceType{Knight, Bishop, Rook} {
			p[t].Steps = kingVecs
		}
		return p
	}(),
	Pawn: func() PawnRule {
		p := chessPawn
		p.Moves = []PawnStep{
			{forward, Quiet},
			{Vec{-1, 0}, PawnLateral}, {Vec{1, 0}, PawnLateral},
			{Vec{-1, 1}, PawnDiagonal}, {Vec{1, 1}, PawnDiagonal},
		}
		p.RightsField = RightsByFile
		return p
	}(),
	Castling: chessCastling,
	// Bishops can change colour by stepping, so two bishops can still mate.
	InsufficientMaterial: chessDraws,
})

// Edgy turns the setup 45°: kings in the corners, pawns moving diagonally.
var Edgy = register(&Variant{
	ID:          "edgy",
	Name:        "Edgy chess",
	PGNName:     "Edgy",
	Description: "Kings in the corners; pawns move diagonally toward h8 and capture straight.",
	StartFEN:    "3prnbk/4pppq/P5pb/RP4pn/NP4pr/BP5p/QPPP4/KBNRP3 w KQkq - 0 1",
	DiamondView: true,
	Pieces:      chessPieces,
	Pawn: PawnRule{
		Moves:     []PawnStep{{Vec{1, 1}, Quiet}},
		Captures:  []Vec{{1, 0}, {0, 1}},
		Promotion: "e8 f8 g8 h8 h7 h6 h5 h4",
		PromoteTo: allPromotions,
	},
	Castling:              edgyCastling,
	InsufficientMaterial:  chessDraws,
	SameColourBishopsDraw: true,
})

var diagonalPawn = PawnRule{
	Moves:       []PawnStep{{Vec{0, 1}, Quiet}, {Vec{1, 0}, Quiet}},
	Captures:    []Vec{{-1, 1}, {1, 1}, {1, -1}},
	DoubleStep:  []Vec{{0, 1}, {1, 0}},
	Promotion:   "e8 f8 g8 h8 h7 h6 h5",
	PromoteTo:   allPromotions,
	RightsField: RightsBySquare,
}

// Diagonal is the well-balanced corner setup with pawns that move up or
// right and capture three ways.
var DiagonalChess = register(&Variant{
	ID:                    "diagonal",
	Name:                  "Diagonal chess",
	PGNName:               "Diagonal",
	Description:           "Kings in the corners; pawns move up or right and capture three ways.",
	StartFEN:              "3prnbk/4ppqn/5ppb/P5pr/RP5p/BPP5/NQPP4/KBNRP3 w KQkq - 0 1",
	DiamondView:           true,
	Pieces:                chessPieces,
	Pawn:                  diagonalPawn,
	Castling:              diagonalCastling,
	InsufficientMaterial:  chessDraws,
	SameColourBishopsDraw: true,
})

// Diagonal8 is Diagonal chess with an eighth pawn on h1 / a8.
var Diagonal8 = register(&Variant{
	ID:                    "diagonal8",
	Name:                  "Standard diagonal chess",
	PGNName:               "Diagonal8",
	Description:           "Diagonal chess with an eighth pawn on h1 and a8.",
	StartFEN:              "p2prnbk/4ppqn/5ppb/P5pr/RP5p/BPP5/NQPP4/KBNRP2P w KQkq - 0 1",
	DiamondView:           true,
	Pieces:                chessPieces,
	Pawn:                  diagonalPawn,
	Castling:              diagonalCastling,
	InsufficientMaterial:  chessDraws,
	SameColourBishopsDraw: true,
})

// Asymmetrical plays the Diagonal setup under orthodox rules.
var Asymmetrical = register(&Variant{
	ID:          "asymmetrical",
	Name:        "Asymmetrical chess",
	PGNName:     "Asymmetrical",
	Description: "The Diagonal setup with ordinary pawns: no double step, no castling.",
	StartFEN:    "3prnbk/4ppqn/5ppb/P5pr/RP5p/BPP5/NQPP4/KBNRP3 w - - 0 1",
	DiamondView: true,
	Pieces:      chessPieces,
	Pawn: PawnRule{
		Moves:     []PawnStep{{forward, Quiet}},
		Captures:  []Vec{{-1, 1}, {1, 1}},
		Promotion: "a8 b8 c8 d8 e8 f8 g8 h8",
		PromoteTo: allPromotions,
	},
	InsufficientMaterial: chessDraws,
	// Bishops start on a3/b1 and h6/g8: opposite colours, never changing.
	SameColourBishopsDraw: true,
})

// ASEAN is a Makruk-like game as its seed text describes it.
var ASEAN = register(&Variant{
	ID:          "asean",
	Name:        "ASEAN chess",
	PGNName:     "ASEAN",
	Description: "Makruk-like: Ferz and Bishop step one square diagonally, pawns promote on rank 6.",
	StartFEN:    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
	Pieces: func() [7]PieceRule {
		p := chessPieces
		p[Queen] = PieceRule{Name: "Ferz", Leaps: ferzLeaps}
		p[Bishop] = PieceRule{Name: "Bishop", Leaps: ferzLeaps}
		return p
	}(),
	Pawn: PawnRule{
		Moves:           []PawnStep{{forward, Quiet}},
		Captures:        []Vec{{-1, 1}, {1, 1}},
		Promotion:       "a6 b6 c6 d6 e6 f6 g6 h6",
		PromoteTo:       []PieceType{Queen},
		BackRankIllegal: true,
	},
	InsufficientMaterial: []string{"K v K", "KN v K", "KB v K", "KQ v K"},
	CountLimit:           128,
})

// Chess960 is chess from one of 960 back ranks: bishops on opposite
// colours, the king between the rooks, Black mirroring White.
var Chess960 = register(&Variant{
	ID:                    "chess960",
	Name:                  "Chess960",
	PGNName:               "Chess960",
	Description:           "Chess from one of 960 shuffled back ranks; castling still ends on g1/f1 or c1/d1.",
	StartFEN:              Standard.StartFEN,
	StartCount:            960,
	Pieces:                chessPieces,
	Pawn:                  chessPawn,
	Castling:              chess960Castling,
	InsufficientMaterial:  chessDraws,
	SameColourBishopsDraw: true,
})

// A chess FEN whose castling rights only make sense in Chess960 is refused
// with a hint to read it as Chess960 (set here, after every variant is
// registered, as the hint parses the FEN in Chess960).
func init() { chess960HintFor[Standard] = Chess960 }
