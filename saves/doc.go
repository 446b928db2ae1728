// Package saves reads and writes games as PGN and manages the save folder.
package saves
