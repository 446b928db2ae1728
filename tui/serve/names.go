package serve

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"varia/saves"
)

// nameBook keeps the name each key chose to be shown by, in a file of
// the server's data folder ("FINGERPRINT NAME" a line), so it outlives
// the session and the server. A key that never chose a name goes by its
// SSH login name.
type nameBook struct {
	path string
	mu   sync.Mutex
	byFP map[string]string
}

// maxNames bounds the file: keys are free to make, so without an --allow
// list anyone could otherwise grow it without end.
const maxNames = 10000

func loadNameBook(path string) (*nameBook, error) {
	b := &nameBook{path: path, byFP: map[string]string{}}
	data, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		return b, nil
	}
	if err != nil {
		return nil, err
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		fp, name, ok := strings.Cut(strings.TrimSpace(sc.Text()), " ")
		if name = CleanName(name); ok && strings.HasPrefix(fp, "SHA256:") && name != "" {
			b.byFP[fp] = name
		}
	}
	return b, nil
}

// name is what key is shown by: its chosen name, else the login name
// made safe, else "player".
func (b *nameBook) name(fp, login string) string {
	b.mu.Lock()
	defer b.mu.Unlock()
	if n, ok := b.byFP[fp]; ok {
		return n
	}
	if n := CleanName(login); n != "" {
		return n
	}
	return "player"
}

// set keeps the name a key chose and returns it cleaned.
func (b *nameBook) set(fp, name string) (string, error) {
	name = CleanName(name)
	if name == "" {
		return "", fmt.Errorf("a name needs letters or digits")
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if _, known := b.byFP[fp]; !known && len(b.byFP) >= maxNames {
		return "", fmt.Errorf("the server keeps no more names")
	}
	b.byFP[fp] = name
	var buf bytes.Buffer
	fps := make([]string, 0, len(b.byFP))
	for k := range b.byFP {
		fps = append(fps, k)
	}
	sort.Strings(fps)
	for _, k := range fps {
		fmt.Fprintf(&buf, "%s %s\n", k, b.byFP[k])
	}
	if err := os.MkdirAll(filepath.Dir(b.path), 0o700); err != nil {
		return name, err
	}
	return name, saves.WriteFile(b.path, buf.Bytes(), true)
}
