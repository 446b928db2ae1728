// Package config is the player's settings: the configuration file (a
// small TOML reader that reports every bad line and carries on, and an
// editor that changes one value in place, keeping the player's comments),
// the schema that drives reading the file, writing its defaults and the
// settings screen, and every screen's keymap with its checks.
//
// One list of settings (Schema) and one table of key actions
// (Keymap.groups) are the only places a setting or an action is named:
// the file's reader, the default file, the settings screen and the help
// lines all work from them. The file is written whole or not at all by
// saves.WriteFile, the writer every file of Varia goes through.
//
// The package knows nothing of screens: it reads and writes settings,
// and screens read them.
package config
