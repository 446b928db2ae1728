package ai

import (
	"strings"
	"testing"

	"varia/rules"
)

// rotateFEN turns a position 180° and swaps the colours: the same game
// from the other side, since Black's rules are White's turned 180°.
func rotateFEN(t *testing.T, fen string) string {
	t.Helper()
	f := strings.Fields(fen)
	rows := strings.Split(f[0], "/")
	out := make([]string, len(rows))
	for i, r := range rows {
		b := []byte(r)
		for j := range b {
			b[j] = swapCase(b[j])
		}
		for l, h := 0, len(b)-1; l < h; l, h = l+1, h-1 {
			b[l], b[h] = b[h], b[l]
		}
		out[len(rows)-1-i] = string(b)
	}
	f[0] = strings.Join(out, "/")
	f[1] = map[string]string{"w": "b", "b": "w"}[f[1]]
	f[2] = swapSides(f[2])
	f[3] = rotateSquares(t, f[3])
	if len(f) == 7 && f[6] != "-" {
		if f[6][0] >= 'a' && f[6][0] <= 'h' && len(f[6]) > 1 && f[6][1] >= '1' && f[6][1] <= '8' {
			f[6] = rotateSquares(t, f[6])
		} else {
			b := []byte(f[6])
			for j, c := range b {
				if c >= 'a' {
					b[j] = 'A' + ('h' - c)
				} else {
					b[j] = 'a' + ('H' - c)
				}
			}
			f[6] = string(b)
		}
	}
	return strings.Join(f, " ")
}

func swapCase(c byte) byte {
	switch {
	case c >= 'a' && c <= 'z':
		return c - 'a' + 'A'
	case c >= 'A' && c <= 'Z':
		return c - 'A' + 'a'
	}
	return c
}

// rotateSquares rotates a run of square names ("e6", "c4d4") or "-".
func rotateSquares(t *testing.T, s string) string {
	t.Helper()
	if s == "-" {
		return s
	}
	var sb strings.Builder
	for i := 0; i+1 < len(s); i += 2 {
		sq, err := rules.ParseSquare(s[i : i+2])
		if err != nil {
			t.Fatalf("rotate %q: %v", s, err)
		}
		sb.WriteString(sq.Rotate().String())
	}
	return sb.String()
}

// rotateUCI is a move's name on the rotated board.
func rotateUCI(t *testing.T, m string) string {
	return rotateSquares(t, m[:4]) + m[4:]
}

// mirrorFEN flips a position across the line between ranks 4 and 5 and
// swaps the colours: the image of a chess-like setup.
func mirrorFEN(t *testing.T, fen string) string {
	t.Helper()
	f := strings.Fields(fen)
	rows := strings.Split(f[0], "/")
	out := make([]string, len(rows))
	for i, r := range rows {
		b := []byte(r)
		for j := range b {
			b[j] = swapCase(b[j])
		}
		out[len(rows)-1-i] = string(b)
	}
	f[0] = strings.Join(out, "/")
	f[1] = map[string]string{"w": "b", "b": "w"}[f[1]]
	f[2] = swapSides(f[2])
	if f[3] != "-" {
		sq, err := rules.ParseSquare(f[3])
		if err != nil {
			t.Fatalf("mirror %q: %v", fen, err)
		}
		f[3] = rules.MakeSquare(sq.File(), 7-sq.Rank()).String()
	}
	if len(f) == 7 && f[6] != "-" {
		// Files of pawns with the two-square right (Asha): White's
		// become Black's and the other way round.
		f[6] = swapSides(f[6])
	}
	return strings.Join(f, " ")
}

// swapSides swaps the case of a FEN field's letters and puts the upper
// case (White's) first again, as FEN writes them.
func swapSides(field string) string {
	if field == "-" {
		return field
	}
	var upper, lower []byte
	for _, c := range []byte(field) {
		if c := swapCase(c); c < 'a' {
			upper = append(upper, c)
		} else {
			lower = append(lower, c)
		}
	}
	return string(upper) + string(lower)
}
