package ai

// prefetch asks the processor to bring the cache line at addr in while
// other work goes on.
//
//go:noescape
func prefetch(addr *uint64)
