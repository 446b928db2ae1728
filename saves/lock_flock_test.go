//go:build darwin || dragonfly || freebsd || linux || netbsd || openbsd

package saves

import (
	"bufio"
	"errors"
	"os"
	"os/exec"
	"testing"

	"varia/rules"
)

// A game another process plays is in use, and cannot be claimed; when
// that process dies without a word the game is free again.
func TestClaimAcrossProcesses(t *testing.T) {
	dataHome(t)
	u, err := NewUnfinished(newSavedGame(t, rules.Standard, "W", "B"), testDate)
	if err != nil {
		t.Fatal(err)
	}
	u.Release()
	// The test binary stands for another Varia (see TestMain).
	other := exec.Command(os.Args[0], "-test.run=^$")
	other.Env = append(os.Environ(), "VARIA_TEST_CLAIM="+u.Path())
	out, err := other.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := other.Start(); err != nil {
		t.Fatal(err)
	}
	defer other.Process.Kill()
	if line, _ := bufio.NewReader(out).ReadString('\n'); line != "claimed\n" {
		t.Fatalf("the other process: %q", line)
	}
	if list, _ := ListUnfinished(); len(list) != 1 || !list[0].InUse {
		t.Errorf("a game played by another process should be in use: %+v", list)
	}
	if mine, _, err := ClaimUnfinished(u.Path()); !errors.Is(err, ErrInUse) {
		t.Errorf("claiming another process's game: %v, want ErrInUse", err)
		if err == nil {
			mine.Release()
		}
	}
	other.Process.Kill() // a crash
	other.Wait()
	again, sg, err := ClaimUnfinished(u.Path())
	if err != nil || len(sg.Game.History()) != 1 {
		t.Fatalf("after the other process died: %v", err)
	}
	again.Release()
}
