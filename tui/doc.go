// Package tui is Varia's terminal interface, built on Bubble Tea: the
// screens, and how they are switched.
//
// The parts that are not screens are packages of their own: board draws
// positions (square and diamond views, highlights, glyphs, themes, the
// one Styles value); config is the settings file and every keymap; guide
// writes the rules guide's pages; match plays a game (players, clock,
// draws, the engine's turns, when the game is saved) without knowing a
// terminal exists; words holds the small text helpers.
//
// App is the root model. It owns a Context shared by every screen (the
// terminal size, the styles, the player's settings, and the Services:
// the engine and the time, which tests replace), the stack of screens
// and the match being played. Every screen switch is a message of
// nav.go, handled by the App: a screen opened over another (the rules
// guide, the file picker, the replay viewer) goes back to it as it was;
// a new game or the menu starts the stack again and lets the last game's
// file go. No screen builds, holds or reads another.
//
// Screens are thin: they route keys and clicks to the match and to small
// components — the board view (boardview.go: cursor, selection, the
// frame both drawing and mouse hit-testing read), the one dialog type
// (dialog.go: every question, choice, typed line and help page of every
// screen), the move list — and draw. The game screen is a view of a
// match: it moves for the sides it seats, turns the match's effects into
// commands (host.go) and tells what the match did from its notes, in
// words naming its own keys (game_text.go). Its components — the prompt
// (prompt.go), premoves (premove.go), the look back through the game
// (browse.go), the analysis (game_analysis.go), the served table
// (served.go), the answers to the opponent's proposals (answers.go), the
// save and leave dialogs, the bell and the clipboard — share its stage
// (stage.go: the match, the sides it seats, its one dialog and its last
// message) and never reach into one another. Several views may follow
// one match.
//
// The interface never waits on a disk in Update: saving games, reading
// the unfinished games, listing folders, reading files and writing the
// settings run in tea.Cmds, and their answers come back as messages,
// those of a game tagged with its match's ID so an answer for a game
// since left is dropped. The engine searches the same way, on a copy of
// the position.
//
// The interface decides nothing about legality: it shows rules' legal
// moves, marked by their kinds, and rules reads typed moves.
package tui
