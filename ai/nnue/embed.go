package nnue

import (
	"bytes"
	_ "embed"
	"sync"
)

//go:embed chess.nnue
var chessFile []byte

// Chess returns the network trained for chess (made by ./ai/cmd/nnue).
var Chess = sync.OnceValue(func() *Network {
	n, err := Read(bytes.NewReader(chessFile))
	if err != nil {
		panic("nnue: the embedded network: " + err.Error())
	}
	return n
})
