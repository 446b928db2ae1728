//go:build !amd64

package ai

func prefetch(*uint64) {}
