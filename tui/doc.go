// Package tui is Varia's terminal interface, built on Bubble Tea.
//
// App is the root model. It owns a Context shared by every screen (the
// terminal size, the one board.Styles value, the player's settings, and the
// Services: the engine and the time, which tests replace) and switches
// screens when one sends a message (startGameMsg, openMenuMsg,
// openGuideMsg, openSettingsMsg, openFilesMsg, openReplayMsg, returnMsg);
// screens never build each other. A screen that must know when it comes
// on or goes off (a game starts its engine and clock, and stops them)
// has start and leave methods. Each screen has its own keymap (keys.go),
// plain data that bubbles/help lists and the configuration file rebinds
// (keymap.go): every action of every screen, dialogs included, is in one
// of the file's [keys.*] groups, so the help shows the keys bound and a
// key given to two actions of one screen is reported.
//
// Playing the computer (play.go, engine.go): the engine is an Engine
// interface, one per game. Its search runs as a tea.Cmd on a copy of the
// position; progress comes back through a channel read by another
// tea.Cmd, and the result message names the game, the search and the
// position (ply and key), so a result for a position that has since
// changed is dropped. Clocks (clock.go) read the time only through
// Services.Now. Every change to a game is autosaved (store.go) in the
// game's own file among the unfinished games (saves.Unfinished), which
// the game claims, so any number of Varias can run at once: a new game
// gets its file with its first move, a resumed one goes on writing the
// file it was resumed from, and App lets a game's file go when another
// game or the menu takes its place. A game is saved to the saves folder
// as it ends and its unfinished file removed. The menu offers the most
// recently played unfinished game nobody is playing (menu_play.go); the
// file picker lists them all. The replay viewer (replay.go) and the file
// and game picker (open_screen.go) are screens of their own.
//
// Settings come from a TOML file (the config package, with a small reader in
// toml.go); one list of settings (config_schema.go) drives reading the
// file, writing its defaults and the settings screen.
//
// The rules guide (guide.go) builds each variant's page from the
// variant's data compared with standard chess, with diagrams drawn by the
// board renderer.
//
// Boards are drawn by the board package (square and diamond views,
// highlights, glyphs, themes, styles).
//
// The interface decides nothing about legality: it shows rules' legal
// moves, marked by their kinds, and rules reads typed moves.
package tui
