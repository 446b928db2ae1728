package serve

import (
	"strings"
	"unicode"

	gossh "golang.org/x/crypto/ssh"

	"varia/tui"
)

// identityKey is the key a client is known by: for a certificate, the
// key it certifies, so a renewed certificate keeps its player's seat.
func identityKey(key gossh.PublicKey) gossh.PublicKey {
	if cert, ok := key.(*gossh.Certificate); ok {
		return cert.Key
	}
	return key
}

// Fingerprint is who a client is: the SHA-256 fingerprint of its public
// key, as ssh-keygen -l prints it. Seats, limits and names go by it.
func Fingerprint(key gossh.PublicKey) string {
	return gossh.FingerprintSHA256(identityKey(key))
}

// maxNameLen is how long a display name may be, in characters.
const maxNameLen = 16

// CleanName makes a display name safe and short: letters, digits and a
// few marks, at most maxNameLen characters. Names reach other players'
// screens, so nothing that could move their cursor or colour their text
// gets through. An empty result means no usable name was given.
func CleanName(s string) string {
	var b strings.Builder
	n := 0
	for _, r := range strings.TrimSpace(s) {
		if n == maxNameLen {
			break
		}
		switch {
		case unicode.IsLetter(r), unicode.IsDigit(r), strings.ContainsRune("-_.", r):
		case r == ' ':
		default:
			continue
		}
		b.WriteRune(r)
		n++
	}
	return strings.TrimSpace(b.String())
}

// shortFingerprint is a few characters of a fingerprint, enough to tell
// two players of the same name apart on screen.
func shortFingerprint(fp string) string {
	fp = strings.TrimPrefix(fp, "SHA256:")
	if len(fp) > 6 {
		fp = fp[:6]
	}
	return fp
}

// cleanChat makes a line of chat safe to show on other clients' screens:
// printable characters only (no escape sequences, no line breaks), runs
// of spaces made one, at most tui.MaxChatLen characters.
func cleanChat(s string) string {
	var b strings.Builder
	n := 0
	space := false
	for _, r := range s {
		if n == tui.MaxChatLen {
			break
		}
		if unicode.IsSpace(r) || !unicode.IsPrint(r) {
			space = b.Len() > 0
			continue
		}
		if space {
			b.WriteByte(' ')
			n++
			space = false
		}
		b.WriteRune(r)
		n++
	}
	return b.String()
}
