package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"
	"time"

	"github.com/charmbracelet/log"

	"varia/saves"
	"varia/tui/serve"
)

const serveArgs = "[--listen ADDR:PORT] [--host-key FILE] [--allow AUTHORIZED_KEYS]"

// shutdownTime is how long a stopping server waits for its clients to
// leave before it closes their connections; the games are saved either way.
const shutdownTime = 3 * time.Second

// runServe hosts games over SSH until SIGINT or SIGTERM.
func runServe(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("serve", "usage: varia serve "+serveArgs)
	listen := fs.String("listen", serve.DefaultListen, "address to listen on; \":2222\" opens the server to the network")
	hostKey := fs.String("host-key", "", "the server's private host key (default: made in Varia's data folder on first start)")
	allow := fs.String("allow", "", "only the public keys in this authorized_keys file may connect (default: any key)")
	pos, err := parseFlags(fs, args, stdout, stderr)
	if err != nil {
		return exitStatus(err)
	}
	if len(pos) != 0 {
		fmt.Fprintf(stderr, "varia serve: unexpected argument %q\n", pos[0])
		fs.Usage()
		return 2
	}
	data, err := saves.DataDir()
	if err != nil {
		fmt.Fprintf(stderr, "varia serve: %v\n", err)
		return 1
	}
	logger := log.NewWithOptions(stderr, log.Options{ReportTimestamp: true, Prefix: "varia serve"})
	srv, err := serve.New(serve.Config{
		Listen:  *listen,
		HostKey: *hostKey,
		Allow:   *allow,
		DataDir: filepath.Join(data, "server"),
		Limits:  serve.DefaultLimits(),
		Log:     logger,
	})
	if err != nil {
		fmt.Fprintf(stderr, "varia serve: %v\n", err)
		return 1
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	served := make(chan error, 1)
	go func() { served <- srv.ListenAndServe() }()
	select {
	case err := <-served:
		fmt.Fprintf(stderr, "varia serve: %v\n", err)
		return 1
	case <-ctx.Done():
	}
	stop() // a second signal stops the program at once
	sctx, cancel := context.WithTimeout(context.Background(), shutdownTime)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil {
		fmt.Fprintf(stderr, "varia serve: %v\n", err)
		return 1
	}
	<-served
	return 0
}
