package saves

import (
	"fmt"
	"strings"
	"time"
)

// Tag is one PGN tag pair.
type Tag struct {
	Name, Value string
}

// Tags are a game's tag pairs in file order. Names are case-sensitive, as
// in PGN, and appear at most once.
type Tags []Tag

// Get returns the value of the named tag, or "".
func (t Tags) Get(name string) string {
	v, _ := t.Lookup(name)
	return v
}

// Lookup returns the value of the named tag and whether it is present.
func (t Tags) Lookup(name string) (string, bool) {
	for _, tag := range t {
		if tag.Name == name {
			return tag.Value, true
		}
	}
	return "", false
}

// Set replaces the named tag's value where it stands, or appends it.
func (t *Tags) Set(name, value string) {
	for i := range *t {
		if (*t)[i].Name == name {
			(*t)[i].Value = value
			return
		}
	}
	*t = append(*t, Tag{name, value})
}

// Delete removes the named tag.
func (t *Tags) Delete(name string) {
	out := (*t)[:0]
	for _, tag := range *t {
		if tag.Name != name {
			out = append(out, tag)
		}
	}
	*t = out
}

// Clone returns a copy that shares nothing with t.
func (t Tags) Clone() Tags { return append(Tags(nil), t...) }

// rosterTags are PGN's Seven Tag Roster, written first and in this order;
// the value is what PGN writes when nothing is known.
var rosterTags = []Tag{
	{"Event", "?"},
	{"Site", "?"},
	{"Date", "????.??.??"},
	{"Round", "?"},
	{"White", "?"},
	{"Black", "?"},
	{"Result", "*"},
}

// NewTags returns the tags of a casual game played now in Varia between
// two named players.
func NewTags(white, black string, date time.Time) Tags {
	return Tags{
		{"Event", "Casual game"},
		{"Site", "Varia"},
		{"Date", date.Format("2006.01.02")},
		{"Round", "-"},
		{"White", white},
		{"Black", black},
	}
}

// validTagName reports whether a name can be written as a PGN tag: a
// letter, then letters, digits and underscores.
func validTagName(name string) error {
	if name == "" {
		return fmt.Errorf("empty tag name")
	}
	for i, r := range name {
		letter := r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z'
		if !letter && (i == 0 || !(r >= '0' && r <= '9' || r == '_')) {
			return fmt.Errorf("tag name %q: a tag name is a letter followed by letters, digits and underscores", name)
		}
	}
	return nil
}

// quoteTagValue writes a tag value as a PGN string. PGN strings hold no
// line breaks or other control characters; they become spaces.
func quoteTagValue(v string) string {
	var sb strings.Builder
	sb.WriteByte('"')
	for _, r := range v {
		switch {
		case r == '"' || r == '\\':
			sb.WriteByte('\\')
			sb.WriteRune(r)
		case r < ' ' || r == 0x7f:
			sb.WriteByte(' ')
		default:
			sb.WriteRune(r)
		}
	}
	sb.WriteByte('"')
	return sb.String()
}
