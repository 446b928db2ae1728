// Package tui is Varia's terminal interface, built on Bubble Tea.
package tui
