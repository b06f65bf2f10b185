/**
 * How a process that captures for hours is started on Linux (issue 34): the CLI's long captures
 * (electron/hosts/cli/malloc-arenas.ts) and the desktop app's launchers (its XDG autostart entry)
 * give it the same settings, which glibc and V8 read only when the process starts.
 */

/**
 * glibc's malloc gives every thread that allocates its own arena (up to 8 per core) and keeps what
 * the arena once held: in a capturing process the libuv pool and libvips' threads fill ~100 MB of
 * arenas that stay resident (issue 34's soak, rss_parts). MALLOC_ARENA_MAX caps them.
 */
export const ARENA_CAP = '2';

/**
 * The environment glibc's malloc gets in a capturing process (the soak measures it the same way).
 * A fixed mmap threshold keeps every block over 256 KiB (a frame's pixels, 4 MB at 1280x800) in a
 * mapping of its own that goes back to the system when freed; by default glibc raises the threshold
 * to the largest block freed, after which frames are carved from the arenas and their pages stay.
 */
export const CAPTURE_MALLOC_ENV: Readonly<Record<string, string>> = { MALLOC_ARENA_MAX: ARENA_CAP, MALLOC_MMAP_THRESHOLD_: '262144' };

/**
 * V8 flags for the same start: a 2 MB young generation (default 16 MB per semispace) holds the
 * short-lived garbage of a frame's work in less memory, at the cost of more, shorter scavenges.
 */
export const CAPTURE_V8_FLAGS: readonly string[] = ['--max-semi-space-size=2'];
