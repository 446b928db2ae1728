package ai

// The evaluation is a sum of weighted features, each weight a pair of
// middlegame and endgame values. Every variant starts from weights derived
// from its rules (evaltables.go) and, where a tuning run has been made,
// plays with the weights tuned from its own games (tuned.go; see
// tune_test.go for how they are made). The layout below is the index of
// each weight in the flat vector the tuner works on.
const (
	wMaterial   = 0                      // by piece type (Pawn..Queen)
	wPSQ        = wMaterial + 7          // by piece type and square, White's view
	wMobility   = wPSQ + 7*64            // by piece type and squares reached (0..maxMobility)
	wPassed     = wMobility + 7*mobSlots // passed pawn by pawn moves to promotion
	wPassedFree = wPassed + 8            // passed pawn whose path is empty, by moves to promotion
	wPassedKing = wPassedFree + 8        // passed pawn: enemy king's distance to its promotion less ours, per move
	wKingAttack = wPassedKing + 1        // by attack units on the enemy king's zone
	wShelter    = wKingAttack + kingSlots
	wPawnThreat = wShelter + 4 // an officer attacked by an enemy pawn
	wPawnChain  = wPawnThreat + 1
	wDoubled    = wPawnChain + 1 // a pawn with an own pawn on its path
	wDevelop    = wDoubled + 1   // a light officer still on its start square
	wThreat     = wDevelop + 1   // an officer attacked by a cheaper enemy officer
	wHanging    = wThreat + 1    // an officer attacked and not defended
	wPair       = wHanging + 1   // two colour-bound pieces on both colours, by type
	wTempo      = wPair + 7
	numWeights  = wTempo + 1

	mobSlots  = 32
	kingSlots = 48
)

// weights is one variant's evaluation weights.
type weights [numWeights]phased

// weightNames names each weight for the tuner's output.
func weightName(i int) string {
	switch {
	case i < wPSQ:
		return "material"
	case i < wMobility:
		return "psq"
	case i < wPassed:
		return "mobility"
	case i < wPassedFree:
		return "passed"
	case i < wPassedKing:
		return "passed free"
	case i < wKingAttack:
		return "passed king"
	case i < wShelter:
		return "king attack"
	case i < wPawnThreat:
		return "shelter"
	case i < wPair:
		return [...]string{"pawn threat", "pawn chain", "doubled", "develop", "threat", "hanging"}[i-wPawnThreat]
	case i < wTempo:
		return "pair"
	}
	return "tempo"
}
