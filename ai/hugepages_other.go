//go:build !linux

package ai

func adviseHugePages([]uint64) {}
