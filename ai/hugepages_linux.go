package ai

import (
	"syscall"
	"unsafe"
)

// adviseHugePages asks the kernel to back the table with huge pages where
// it offers them on request: the table is read at random, and with small
// pages most probes would also miss the address translation cache. It is
// only advice; a kernel that declines leaves the table as it is.
func adviseHugePages(words []uint64) {
	const huge = 2 << 20
	if len(words) == 0 {
		return
	}
	start := uintptr(unsafe.Pointer(&words[0]))
	end := start + uintptr(len(words))*8
	first := (start + huge - 1) &^ (huge - 1)
	last := end &^ (huge - 1)
	if last <= first {
		return
	}
	b := unsafe.Slice((*byte)(unsafe.Add(unsafe.Pointer(&words[0]), first-start)), last-first)
	_ = syscall.Madvise(b, syscall.MADV_HUGEPAGE)
}
