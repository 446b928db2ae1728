// Package match plays games between UCI engines and says, with error bars,
// which is stronger. It is how every change to the engine is judged: a
// version of Varia against another (at a fixed number of nodes or depth,
// so the result does not depend on how busy the machine is), or against
// Stockfish and Fairy-Stockfish at a fixed time a move.
package match

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"time"

	"varia/ai"
)

// Spec says how to start one engine and how to set it up.
type Spec struct {
	Name    string
	Command []string // program and arguments; empty for Varia in this process
	Options []Option // setoption lines sent after "uci", in order
	// Variants maps Varia's variant ids to the engine's UCI_Variant names
	// where they differ (Fairy-Stockfish calls standard chess "chess").
	Variants map[string]string
}

// Option is one UCI option to set.
type Option struct{ Name, Value string }

// ParseOptions reads "Name=Value;Name=Value".
func ParseOptions(s string) ([]Option, error) {
	var out []Option
	for _, part := range strings.Split(s, ";") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		name, value, ok := strings.Cut(part, "=")
		if !ok || strings.TrimSpace(name) == "" {
			return nil, fmt.Errorf("option %q: want Name=Value", part)
		}
		out = append(out, Option{strings.TrimSpace(name), strings.TrimSpace(value)})
	}
	return out, nil
}

// engine is a running UCI engine.
type engine struct {
	spec     Spec
	in       io.WriteCloser
	lines    chan string
	cmd      *exec.Cmd
	done     chan struct{}
	options  map[string]string // lower-case name to the "option" line
	variant  string            // the UCI_Variant value last set
	chess960 bool              // UCI_Chess960 as last set
}

// start launches the engine and waits for "uciok".
func start(spec Spec) (*engine, error) {
	e := &engine{spec: spec, lines: make(chan string, 256), options: map[string]string{}, done: make(chan struct{})}
	var out io.Reader
	if len(spec.Command) == 0 {
		inR, inW := io.Pipe()
		outR, outW := io.Pipe()
		e.in, out = inW, outR
		go func() {
			ai.UCI(inR, outW)
			outW.Close()
			inR.Close()
		}()
	} else {
		e.cmd = exec.Command(spec.Command[0], spec.Command[1:]...)
		var err error
		if e.in, err = e.cmd.StdinPipe(); err != nil {
			return nil, err
		}
		pipe, err := e.cmd.StdoutPipe()
		if err != nil {
			return nil, err
		}
		out = pipe
		if err := e.cmd.Start(); err != nil {
			return nil, fmt.Errorf("%s: %v", spec.Name, err)
		}
	}
	go func() {
		defer close(e.done)
		sc := bufio.NewScanner(out)
		sc.Buffer(make([]byte, 64*1024), 1<<20)
		for sc.Scan() {
			e.lines <- sc.Text()
		}
		close(e.lines)
	}()
	e.send("uci")
	lines, err := e.until("uciok", 30*time.Second)
	if err != nil {
		e.close()
		return nil, fmt.Errorf("%s: %v", spec.Name, err)
	}
	for _, l := range lines {
		if name, ok := optionName(l); ok {
			e.options[strings.ToLower(name)] = l
		}
	}
	for _, o := range spec.Options {
		e.send("setoption name " + o.Name + " value " + o.Value)
		if strings.EqualFold(o.Name, "UCI_Chess960") {
			e.chess960 = strings.EqualFold(o.Value, "true")
		}
	}
	if err := e.ready(); err != nil {
		e.close()
		return nil, err
	}
	return e, nil
}

// optionName reads the name of an "option name NAME type ..." line.
func optionName(line string) (string, bool) {
	rest, ok := strings.CutPrefix(line, "option name ")
	if !ok {
		return "", false
	}
	name, _, ok := strings.Cut(rest, " type ")
	return name, ok
}

func (e *engine) send(s string) { io.WriteString(e.in, s+"\n") }

var errTimeout = errors.New("no answer in time")

// until reads lines up to and including one starting with prefix.
func (e *engine) until(prefix string, timeout time.Duration) ([]string, error) {
	var lines []string
	timer := time.NewTimer(timeout)
	defer timer.Stop()
	for {
		select {
		case l, ok := <-e.lines:
			if !ok {
				return lines, errors.New("the engine ended its output")
			}
			lines = append(lines, l)
			if strings.HasPrefix(l, prefix) {
				return lines, nil
			}
		case <-timer.C:
			return lines, errTimeout
		}
	}
}

func (e *engine) ready() error {
	e.send("isready")
	_, err := e.until("readyok", 30*time.Second)
	if err != nil {
		return fmt.Errorf("%s: isready: %v", e.spec.Name, err)
	}
	return nil
}

// setVariant selects the variant, by the engine's own name for it. An
// engine without UCI_Variant plays standard chess only, and Chess960 if
// it has UCI_Chess960, which is switched on for Chess960 games and off
// for the others (the usual way engines play it, as chess with a
// different start).
func (e *engine) setVariant(id string) error {
	name := id
	if n, ok := e.spec.Variants[id]; ok {
		name = n
	}
	_, has960 := e.options["uci_chess960"]
	if want := id == "chess960"; has960 && want != e.chess960 {
		e.send("setoption name UCI_Chess960 value " + strconv.FormatBool(want))
		e.chess960 = want
	}
	asChess := id == "standard" || id == "chess960" && has960
	line, has := e.options["uci_variant"]
	if !has {
		if !asChess {
			return fmt.Errorf("%s has no UCI_Variant option, so it plays only standard chess (and Chess960 with UCI_Chess960)", e.spec.Name)
		}
		return nil
	}
	if !comboHas(line, name) && asChess && comboHas(line, "chess") {
		name = "chess"
	}
	if strings.Contains(line, " type combo ") && !comboHas(line, name) {
		return fmt.Errorf("%s does not know the variant %q", e.spec.Name, name)
	}
	if name != e.variant {
		e.send("setoption name UCI_Variant value " + name)
		e.variant = name
	}
	return nil
}

func comboHas(line, name string) bool {
	f := strings.Fields(line)
	for i := 0; i+1 < len(f); i++ {
		if f[i] == "var" && strings.EqualFold(f[i+1], name) {
			return true
		}
	}
	return false
}

func (e *engine) close() {
	e.send("quit")
	e.in.Close()
	if e.cmd != nil {
		waited := make(chan struct{})
		go func() { e.cmd.Wait(); close(waited) }()
		select {
		case <-waited:
		case <-time.After(3 * time.Second):
			e.cmd.Process.Kill()
			<-waited
		}
	}
}

// pool keeps one started engine per spec and worker, restarting one that
// failed.
type pool struct {
	mu      sync.Mutex
	engines []*engine
}

func (p *pool) add(e *engine) {
	p.mu.Lock()
	p.engines = append(p.engines, e)
	p.mu.Unlock()
}

func (p *pool) closeAll() {
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, e := range p.engines {
		e.close()
	}
	p.engines = nil
}
