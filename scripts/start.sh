#!/bin/sh
# `npm start`: the service on the allocator of scripts/allocator.sh, which the C library reads as
# the process starts (it cannot be chosen from JavaScript), then scripts/start.mjs, which compiles
# what changed in src/ and starts it. `exec`: Node takes this shell's place, same PID, so Ctrl-C,
# SIGTERM and the exit code reach it and come back as they would without the shell.
here=$(dirname "$0")
. "$here/allocator.sh"
exec node --enable-source-maps "$here/start.mjs" "$@"
