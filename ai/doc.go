// Package ai is Varia's built-in opponent: an alpha-beta search over the
// rules package's positions, and the UCI engine loop.
package ai
