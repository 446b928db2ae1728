// Package saves keeps games on disk as PGN: it writes them, reads them
// back exactly in every variant, reads PGN exported by other chess
// programs, and looks after the save folder and the games in progress.
//
// A SavedGame is a rules.Game with its Tags (ordered tag pairs; NewTags
// makes those of a new casual game), the clock times read from or to be
// written as [%clk] comments, and the game's annotations: a comment
// before the first move and a Note for each move (its NAGs, comments and
// the variations played instead of it, nested, every variation move
// checked by the rules). The interface plays moves on the Game and saves
// the SavedGame in its unfinished file after each one.
//
// # Writing
//
// Write (or SavedGame.Write, which adds [%clk] comments) writes the
// tags of Header, the moves in SAN with tilde notation for Asha's steps,
// each with its note (NAGs as $n, comments in braces with the [%clk]
// command added, variations in parentheses), wrapped at 80 columns, and
// the result token. Header puts the Seven Tag
// Roster first, then Variant (its PGN name, "Standard" for chess), SetUp
// and FEN when the game did not start from the variant's start position,
// Termination (the result's reason) when the game is over, TimeControl
// when given, and the caller's other tags. Result, Variant, SetUp, FEN
// and Termination always come from the game.
//
// # Reading
//
// Read, ReadFile and the streaming Reader read files of many games.
// They accept tags with escaped quotes, comments {...} and ;...,
// NAGs ($n) and suffixes (!?), variations, move numbers such as 12... ,
// commands inside comments ([%clk] of a main-line move is kept in
// SavedGame.Clocks, others such as [%eval] stay in the comment's text),
// % escape lines,
// CRLF or CR line ends, a UTF-8 byte-order mark, Latin-1 text, a missing
// result token at the end of a file or before the next game's tags, and
// the null moves other programs write ("--", "Z0", "0000", "@@@@"), read
// as a pass (rules.Game.PlayNull) and written back as "--". The Variant
// tag may be missing or name chess as "Standard", "Chess" or "From
// Position"; VariantFromTag lists what it accepts.
//
// Every move is played through rules.Game, so the variant's rules check
// it. A result the moves do not show is recorded on the Game: a win as a
// resignation, or a loss on time when Termination says so; a draw as the
// claim Termination names, else as a claim that is open, else as an
// agreement. A result the final position contradicts is an error.
//
// Comments, NAGs and variations are kept with their moves, within
// bounds that keep any file from filling the memory: 64 KiB of one
// comment, 4 MiB of comments in one game, variations nested 64 deep.
//
// Some games do what Varia would not and are read all the same, each
// with a *Warning in SavedGame.Warnings: moves after an automatic draw
// (fivefold repetition, the 75-move rule; the rules' draw then stands
// against a different result in the file), text after the result that
// starts no game, which is skipped rather than read as a game of its
// own, a variation with a move the rules refuse (kept up to the move
// before), and annotations past the bounds (left out).
//
// Errors are *ParseError values naming the file, the game's number, the
// line and column and the offending text. Read stops at the first and
// returns the games before it; Reader.Next goes on with the next game,
// after broken syntax from the broken game's result or the next tag
// pair. A line over 1 MiB is an error of its game, never held whole.
//
// IndexFile lists a file's games without applying the rules or keeping
// any annotation (where each starts, its roster tags and number of
// moves, and the syntax errors),
// reporting progress as it reads; Index.Read reads one game in full when
// it is wanted. A file of a hundred thousand games lists in about a
// second.
//
// Files are read only when they are regular files (OpenRegular,
// ReadRegular with a size limit): a FIFO, a device or a folder is refused
// at once instead of hanging or filling memory.
//
// # Files
//
// DefaultDir is $XDG_DATA_HOME/varia/games (~/.local/share/varia/games
// without it). SaveFile writes a new file named from the date, variant and
// players, never overwriting one.
//
// Games in progress live in UnfinishedDir ($XDG_DATA_HOME/varia/unfinished),
// one file each, so any number of Varias can run at once without one
// replacing another's game. NewUnfinished names and claims a new game's
// file, Unfinished.Save replaces it after every move, Remove deletes it
// once the game is saved elsewhere and Release gives it up unfinished.
// ListUnfinished lists the games, most recently played first, each with
// its error if it cannot be read and whether a Varia is playing it;
// ClaimUnfinished takes one over to resume it. A claim is a lock on a
// hidden lock file beside the game's (flock(2), dropped by the system
// when a program dies; where there is no flock it holds within one
// process only). ListUnfinished first moves the single autosave.pgn of
// earlier versions into the folder.
//
// A finished game found among the unfinished ones is filed in the saves
// folder (FileFinished). The SavedAsTag an unfinished file carries is a
// hint only: SavedAsPath trusts it only inside the saves folder (Within),
// so a file cannot make Varia write or remove anything elsewhere.
//
// Every file is written to a temporary file in the same folder, synced,
// then renamed, so no save is ever left half-written; a link is written
// through to its target (WriteFile).
package saves
