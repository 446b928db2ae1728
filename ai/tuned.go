package ai

// tunedWeights holds the weights tuned from each variant's games, by
// variant id. A variant without an entry plays with the weights derived
// from its rules. Written by the tuner (tune_test.go); do not edit.
var tunedWeights = map[string]*weights{}
