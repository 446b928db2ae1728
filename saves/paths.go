package saves

import (
	"os"
	"path/filepath"
	"strings"
)

// ExpandHome turns a leading ~ (alone or followed by a slash) into the
// home folder, as shells do for paths people type; other paths come back
// as they are. It fails only when ~ needs a home folder there is none of.
func ExpandHome(path string) (string, error) {
	rest, ok := strings.CutPrefix(path, "~")
	if !ok || rest != "" && rest[0] != '/' && rest[0] != filepath.Separator {
		return path, nil
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return path, err
	}
	return filepath.Join(home, rest), nil
}
