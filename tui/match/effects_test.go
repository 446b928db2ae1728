package match

import (
	"context"
	"errors"
	"testing"

	"varia/ai"
	"varia/rules"
	"varia/saves"
)

// panicky is an engine that reports a depth, then fails badly.
type panicky struct{}

func (panicky) Search(_ context.Context, _ *rules.Position, lim ai.Limits) (ai.Result, error) {
	lim.Progress(ai.Progress{Depth: 3})
	var moves []rules.Move
	_ = moves[1]
	return ai.Result{}, nil
}

// A search run by a host reports its progress and its end, tagged with
// its match, search and position; a panic in the engine is an error.
func TestRunSearch(t *testing.T) {
	pos := rules.NewGame(rules.Standard).Position()
	job := RunSearch{Match: 3, Seq: 5, Purpose: ForHint, Engine: panicky{}, Pos: pos, Ctx: context.Background()}
	var reports []SearchProgress
	done := job.Run(func(p SearchProgress) { reports = append(reports, p) })
	if len(reports) != 1 || reports[0].Match != 3 || reports[0].Seq != 5 || reports[0].Progress.Depth != 3 {
		t.Errorf("progress: %+v", reports)
	}
	if !errors.Is(done.Err, ErrEngineFailed) || done.Match != 3 || done.Seq != 5 || done.Purpose != ForHint || done.Key != pos.Key() {
		t.Errorf("done: %+v", done)
	}
	job.Engine = &scripted{prefer: []string{"e2e4"}}
	if done := job.Run(func(SearchProgress) {}); done.Err != nil || done.Result.Move.UCI() != "e2e4" {
		t.Errorf("a search that ends: %+v", done)
	}
}

// The reports of wake-ups and saves carry what the effect named; the
// saves Close asks for are the ones awaited.
func TestEffectReports(t *testing.T) {
	w := Wake{Match: 2, Seq: 7, Grace: true}
	if got := w.Woke(); got != (Woke{Match: 2, Seq: 7, Grace: true}) {
		t.Errorf("woke %+v", got)
	}
	ch := make(chan saves.Result, 1)
	a := AwaitSave{Match: 2, Kind: SaveFinish, Version: 9, Done: ch}
	if got := a.Saved(saves.Result{SavedTo: "x"}); got.Version != 9 || got.Kind != SaveFinish || got.Result.SavedTo != "x" || got.Match != 2 {
		t.Errorf("saved %+v", got)
	}
	if got := Awaited([]Effect{w, a, RunSearch{}}); len(got) != 1 || got[0] != (<-chan saves.Result)(ch) {
		t.Errorf("awaited %v", got)
	}
}
