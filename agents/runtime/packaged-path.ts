import { existsSync } from 'node:fs';

/**
 * Where a file really is when Engram runs from a packaged app. electron-builder puts the app in
 * `resources/app.asar`, an archive that only Electron's patched `fs` and module loader can read;
 * files listed in `asarUnpack` are also written, as real files, under `resources/app.asar.unpacked/`
 * at the same relative path. Paths computed from `import.meta.url`, `__dirname` or `require.resolve`
 * still point into the archive, so whoever hands a path to something that cannot see into it must
 * ask here first. Outside a packaged app every path is returned unchanged.
 *
 * - `native`: a shared library for the dynamic linker (sqlite-vec's vec0.so/.dylib/.dll): never
 *   inside the archive; always the unpacked twin (packaging must unpack it; if it did not, the load
 *   error names the real path to look for).
 * - `data`: files read by path (tesseract's language data, model files): the unpacked twin when it
 *   exists, else the archive path (Electron's fs reads it in the main process and in worker threads).
 * - `module`: a JavaScript entry point started as a worker (the embedding worker, tesseract's
 *   worker script): the archive path, always. Electron's loader reads it there (asar support is set
 *   up in worker threads since Electron 18), redirects files of unpacked packages by itself, and the
 *   entry's own imports then resolve inside the archive, where every dependency is; started from the
 *   unpacked tree instead, its imports would look for packages that were never unpacked.
 */
export type PackagedPathKind = 'native' | 'data' | 'module';

// An archive segment: "app.asar" (any *.asar) followed by a separator or the end, not ".asar.unpacked".
const ARCHIVE_SEGMENT = /([\\/][^\\/]+\.asar)(?=[\\/]|$)/;

/** The unpacked twin of a path inside an .asar archive, or null for a path outside any archive. */
export function asarUnpackedTwin(p: string): string | null {
  const m = ARCHIVE_SEGMENT.exec(p);
  if (!m) return null;
  const end = m.index + m[1]!.length;
  return `${p.slice(0, end)}.unpacked${p.slice(end)}`;
}

export function resolvePackagedPath(p: string, kind: PackagedPathKind, exists: (p: string) => boolean = existsSync): string {
  const twin = asarUnpackedTwin(p);
  if (twin === null || kind === 'module') return p;
  if (kind === 'native') return twin;
  return exists(twin) ? twin : p;
}
