# The C allocator the service runs on, sourced by scripts/start.sh (`npm start`) and read by the
# memory soak (bench/memory-soak.bench.ts), so both run the service the same way.
#
# jemalloc when the machine has it (Debian and Ubuntu: the libjemalloc2 package) and LD_PRELOAD is
# not set already, even to nothing (set LD_PRELOAD= to keep glibc's allocator). Under constant
# issuing, glibc's malloc keeps what the render threads' buffers free in its arenas: on PostgreSQL
# they sat near 190 MB for 15 to 25 minutes, then stepped once to about 300 MB and stayed there
# (three 30-minute soaks; a fixed mmap threshold did not change it). With jemalloc, which gives
# freed pages back after a few seconds, the same soak held the process at about 400 MB from start
# to end, where glibc's started at 510 and ended at 640 (docs/deploy.md, Sizing).
#
# MALLOC_ARENA_MAX=2 for glibc, when it is the allocator: by default glibc gives threads up to 8
# arenas per core, and each generation of render threads took fresh ones (scripts/start.mjs).
# jemalloc ignores it.
if [ -z "${LD_PRELOAD+set}" ]; then
  for lib in /usr/lib/x86_64-linux-gnu/libjemalloc.so.2 /usr/lib/aarch64-linux-gnu/libjemalloc.so.2 /usr/lib64/libjemalloc.so.2 /usr/lib/libjemalloc.so.2 /usr/local/lib/libjemalloc.so.2; do
    if [ -r "$lib" ]; then
      LD_PRELOAD=$lib
      export LD_PRELOAD
      break
    fi
  done
fi
MALLOC_ARENA_MAX=${MALLOC_ARENA_MAX:-2}
export MALLOC_ARENA_MAX
