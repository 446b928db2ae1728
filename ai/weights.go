package ai

// The evaluation is a sum of weighted features, each weight a pair of
// middlegame and endgame values. Every variant starts from weights derived
// from its rules (evaltables.go) and, where a tuning run has been made,
// plays with the weights tuned from its own games (tuned.go; see
// tune_test.go for how they are made). The layout below is the index of
// each weight in the flat vector the tuner works on.
//
// "Moves to promotion" counts a pawn's moves to its nearest promotion
// square; a pawn's "line" is the line its ordinary forward moves follow
// (a chess pawn's file, an Edgy pawn's diagonal).
const (
	wMaterial     = 0                      // by piece type (Pawn..Queen)
	wPSQ          = wMaterial + 7          // by piece type and square, White's view
	wMobility     = wPSQ + 7*64            // by piece type and squares reached (0..mobSlots-1)
	wPassed       = wMobility + 7*mobSlots // passed pawn by moves to promotion
	wPassedFree   = wPassed + 8            // passed pawn whose path is empty, by moves to promotion
	wPassedKing   = wPassedFree + 8        // passed pawn: enemy king's distance to its promotion square less ours, by moves to promotion
	wKingAttack   = wPassedKing + 8        // by attack units on the enemy king's zone
	wShelter      = wKingAttack + kingSlots
	wStorm        = wShelter + 4 // enemy pawns near the king (0..3)
	wPawnThreat   = wStorm + 4   // an officer attacked by an enemy pawn
	wPawnChain    = wPawnThreat + 1
	wDoubled      = wPawnChain + 8 // a pawn with an own pawn on its path
	wDevelop      = wDoubled + 1   // a light officer still on its start square
	wThreat       = wDevelop + 1   // an officer attacked by a cheaper enemy officer
	wHanging      = wThreat + 1    // an officer attacked and not defended
	wPair         = wHanging + 1   // two colour-bound pieces on both colours, by type
	wTempo        = wPair + 7
	wIsolated     = wTempo + 1        // a pawn with no own pawn on a neighbouring line
	wPhalanx      = wIsolated + 1     // a pawn beside an own pawn just as far from promotion, by moves to promotion
	wOutpost      = wPhalanx + 8      // an officer no enemy pawn can ever attack, guarded by a pawn, by type
	wOpenLine     = wOutpost + 7      // an officer on a pawn line without pawns, by type
	wHalfOpenLine = wOpenLine + 7     // ... on a line with enemy pawns only, by type
	wSameColour   = wHalfOpenLine + 7 // own pawns on a colour-bound piece's colour, by type
	wSafeCheck    = wSameColour + 7   // squares a piece of that type could check from, safely, by type
	wWeakZone     = wSafeCheck + 7    // squares by the king the enemy attacks and only the king defends
	wKingLine     = wWeakZone + 1     // king on a line without own pawns: with enemy pawns, without any
	wBackward     = wKingLine + 2     // a pawn no own pawn can ever guard, whose next square an enemy pawn attacks
	wPassedSafe   = wBackward + 1     // passed pawn whose path the enemy does not attack, by moves to promotion
	wPushThreat   = wPassedSafe + 8   // an officer an enemy pawn would attack after a safe push
	wKingPawn     = wPushThreat + 1   // the king's distance to the nearest pawn, per square
	wHangingPawn  = wKingPawn + 1     // a pawn attacked and not defended
	wBehindPawn   = wHangingPawn + 1  // an officer with an own pawn on the square in front of it, by type
	wRestricted   = wBehindPawn + 7   // squares both sides attack that the enemy holds no worse
	wThreatBy     = wRestricted + 1   // an enemy piece attacked, by attacker and victim type (attacker×7 + victim)
	wOnQueen      = wThreatBy + 7*7   // safe squares from which a piece of that type would attack the enemy queen, by type
	wSpace        = wOnQueen + 7      // safe squares in our half of the centre (twice behind our pawns) × (pieces − 3 + blocked pawns)² / 256
	wFlankDefence = wSpace + 1        // squares of our king's flank and camp we defend
	wQueenLine    = wFlankDefence + 1 // an officer but a queen on a pawn line with a queen (of either side), by type
	wXRayPawns    = wQueenLine + 7    // enemy pawns on an officer's lines through an empty board, by type
	wLongDiagonal = wXRayPawns + 7    // a colour-bound officer seeing two centre squares past the pawns
	wReachPost    = wLongDiagonal + 1 // an officer not on an outpost that reaches a free one, by type
	wSafePawnHit  = wReachPost + 7    // an enemy officer attacked by a pawn that is safe (defended or not attacked)
	wUnsafeCheck  = wSafePawnHit + 1  // squares we could check from that the enemy guards
	wShelterFile  = wUnsafeCheck + 1  // our nearest pawn not behind the king on its file and the two beside, by the file's distance from the edge and the pawn's rank (0: none)
	wStormFile    = wShelterFile + 32 // the enemy's nearest pawn there, likewise
	wBlockedStorm = wStormFile + 32   // ... when it stands right in front of ours, by its rank
	wBlockedPawn  = wBlockedStorm + 8 // a pawn with an enemy pawn right in front, by moves to promotion
	wImbalance    = wBlockedPawn + 8  // material imbalance: our count of one type times our or the enemy's count of a cheaper one (see evaluator.imbalance)
	wKingRing     = wImbalance + 35   // a piece bearing on the enemy king's zone: on a pawn line through it, or (colour-bound) reaching it through the pawns, by type
	wTrappedRook  = wKingRing + 7     // a rook with three squares or fewer to go to, in the corner its own king shuts
	wPassedFront  = wTrappedRook + 1  // passed pawn whose next square the enemy does not attack, by moves to promotion
	numWeights    = wPassedFront + 8

	mobSlots  = 32
	kingSlots = 48

	// imbalanceUnit is how many of the imbalance's weights make a
	// centipawn: a product of two counts reaches 64 (pawns × pawns), so
	// whole centipawns per product would be too coarse.
	imbalanceUnit = 16
)

// weightUnit is how many centipawns one unit of weight i is worth.
func weightUnit(i int) float64 {
	if i >= wImbalance && i < wKingRing {
		return 1.0 / imbalanceUnit
	}
	return 1
}

// weights is one variant's evaluation weights.
type weights [numWeights]phased

// weightName names each weight's group for the tuner (its -tune.freeze
// flag and its output).
func weightName(i int) string {
	groups := []struct {
		start int
		name  string
	}{
		{wMaterial, "material"}, {wPSQ, "psq"}, {wMobility, "mobility"}, {wPassed, "passed"},
		{wPassedFree, "passed free"}, {wPassedKing, "passed king"}, {wKingAttack, "king attack"},
		{wShelter, "shelter"}, {wStorm, "storm"}, {wPawnThreat, "pawn threat"}, {wPawnChain, "pawn chain"},
		{wDoubled, "doubled"}, {wDevelop, "develop"}, {wThreat, "threat"}, {wHanging, "hanging"},
		{wPair, "pair"}, {wTempo, "tempo"}, {wIsolated, "isolated"}, {wPhalanx, "phalanx"},
		{wOutpost, "outpost"}, {wOpenLine, "open line"}, {wHalfOpenLine, "half-open line"},
		{wSameColour, "same colour"}, {wSafeCheck, "safe check"}, {wWeakZone, "weak zone"},
		{wKingLine, "king line"}, {wBackward, "backward"}, {wPassedSafe, "passed safe"},
		{wPushThreat, "push threat"}, {wKingPawn, "king pawn"}, {wHangingPawn, "hanging pawn"},
		{wBehindPawn, "behind pawn"}, {wRestricted, "restricted"}, {wThreatBy, "threat by"},
		{wOnQueen, "on queen"}, {wSpace, "space"}, {wFlankDefence, "flank defence"},
		{wQueenLine, "queen line"}, {wXRayPawns, "x-ray pawns"}, {wLongDiagonal, "long diagonal"},
		{wReachPost, "reach outpost"}, {wSafePawnHit, "safe pawn hit"}, {wUnsafeCheck, "unsafe check"},
		{wShelterFile, "shelter file"}, {wStormFile, "storm file"}, {wBlockedStorm, "blocked storm"},
		{wBlockedPawn, "blocked pawn"}, {wImbalance, "imbalance"},
		{wKingRing, "king ring"}, {wTrappedRook, "trapped rook"},
		{wPassedFront, "passed front"},
	}
	name := ""
	for _, g := range groups {
		if i >= g.start {
			name = g.name
		}
	}
	return name
}
