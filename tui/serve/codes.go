package serve

import (
	"crypto/rand"
	"fmt"
	"strings"
)

// A room code is what one player reads out to another, so it is short
// and leaves out the characters that look alike (0 and O, 1 and I).
const (
	codeAlphabet = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"
	codeLength   = 5
)

// newCode makes a random room code. With 32⁵ (about 33 million) codes
// a guess rarely lands on one of a few hundred rooms, and watching is
// all a guessed code would give.
func newCode() string {
	var b [codeLength]byte
	rand.Read(b[:]) // never fails (crypto/rand)
	for i := range b {
		b[i] = codeAlphabet[int(b[i])%len(codeAlphabet)] // 256 is a multiple of 32: no bias
	}
	return string(b[:])
}

// ParseCode reads a room code as a person types it, in any case.
func ParseCode(s string) (string, error) {
	code := strings.ToUpper(s)
	if len(code) != codeLength {
		return "", fmt.Errorf("room code %s: want %d letters and digits", quote(s), codeLength)
	}
	for _, r := range code {
		if !strings.ContainsRune(codeAlphabet, r) {
			return "", fmt.Errorf("room code %s: %s is in no room code (they have no 0, 1, I or O)", quote(s), quote(string(r)))
		}
	}
	return code, nil
}
