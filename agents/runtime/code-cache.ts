import { createHash } from 'node:crypto';
import { lstatSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire, Module } from 'node:module';
import { tmpdir, userInfo } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { Script } from 'node:vm';
import { threadId } from 'node:worker_threads';

/**
 * A CommonJS module required through a V8 code cache: the compiled bytecode of a large bundle
 * kept on disk, so the next process skips parsing and compiling it (the encoder's 1.7 MB tfjs
 * bundle: ~50 -> ~32 CPU-ms to require, plus the lazily compiled functions of the first inference).
 *
 * The cache is code this process will run, so it is only read from a directory that only this
 * user can write (never a synced folder), and a file is used only when its header names the exact
 * source text, Node/V8 build and architecture it was made for and its payload hash matches; V8
 * itself also rejects a cache of another version or flags (`cachedDataRejected`). Anything amiss
 * means the module compiles from source as usual: the cache only ever saves time.
 */
export interface CachedModule<T> {
  readonly exports: T;
  /** 'accepted': compiled from the cache; 'compiled': no usable cache; 'loaded': already required in this thread; 'off': no cache directory. */
  readonly cache: 'accepted' | 'compiled' | 'loaded' | 'off';
  /**
   * Writes the cache when this load compiled from source. Call it once the module's hot paths have
   * run: V8 then includes the functions it compiled lazily, not just the top level.
   */
  save(): void;
}

const MAGIC = 'EGV8';
const FORMAT = 1;
const HEADER = 4 + 4 + 32 + 32;

/**
 * Where a code cache lives unless the caller says: the user's private folder in the OS temp dir
 * for Node (the CLI, serve, mcp, tests), none inside Electron. The packaged app runs only code from
 * its signed app.asar (electron-builder.yml's fuses), so that another local process cannot run its
 * own code with the app's screen and microphone grants; a bytecode file any process of the same
 * user can write would reopen that door (the header's hashes name public inputs, so they stop
 * accidents, not a forger). A cache there would need a key only the signed app holds.
 */
export function defaultCodeCacheDir(versions: NodeJS.ProcessVersions = process.versions, root: string = tmpdir()): string | null {
  return versions.electron ? null : privateTempCacheDir(root);
}

/**
 * The user's own folder in the OS temp dir, created private (0700).
 * null when it cannot be made or is not private to this user (another account could plant bytecode
 * in a shared /tmp), which turns the cache off.
 */
export function privateTempCacheDir(root: string = tmpdir()): string | null {
  const uid = typeof process.getuid === 'function' ? process.getuid() : null;
  const dir = join(root, `engram-code-cache-${uid ?? safeUserName()}`);
  try {
    mkdirSync(dir, { mode: 0o700 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') return null;
  }
  return isPrivateDir(dir, uid) ? dir : null;
}

function safeUserName(): string {
  try {
    return userInfo().username.replace(/[^A-Za-z0-9_-]/g, '_');
  } catch {
    return 'user';
  }
}

/** A real directory (not a link), owned by this user and closed to group and others (POSIX); on Windows the temp dir is per-user already. */
export function isPrivateDir(dir: string, uid: number | null = typeof process.getuid === 'function' ? process.getuid() : null): boolean {
  try {
    const st = lstatSync(dir);
    if (!st.isDirectory() || st.isSymbolicLink()) return false;
    return uid === null || (st.uid === uid && (st.mode & 0o077) === 0);
  } catch {
    return false;
  }
}

/**
 * Requires `specifier` (resolved from `from`, a module URL or path) through a code cache kept in
 * `cacheDir`; null means a plain require. A module already in this thread's require cache is
 * returned as it is, and one loaded here is put there, so later plain requires share it.
 */
export function requireWithCodeCache<T>(specifier: string, from: string | URL, cacheDir: string | null): CachedModule<T> {
  const req = createRequire(from);
  const file = req.resolve(specifier);
  const loaded = req.cache[file];
  if (loaded?.loaded) return { exports: loaded.exports as T, cache: 'loaded', save: () => {} };
  if (cacheDir === null || !isPrivateDir(cacheDir)) return { exports: req(specifier) as T, cache: 'off', save: () => {} };

  const source = readFileSync(file, 'utf8');
  const key = createHash('sha256').update(`${process.version}\0${process.versions.v8}\0${process.arch}\0`).update(source).digest();
  const prefix = `${basename(dirname(dirname(file)))}-${basename(file, '.js')}-`;
  const cacheFile = join(cacheDir, `${prefix}${key.toString('hex').slice(0, 16)}.v8cache`);
  const cachedData = readCache(cacheFile, key);
  const script = new Script(Module.wrap(source), { filename: file, ...(cachedData ? { cachedData } : {}) });
  const accepted = cachedData !== undefined && !script.cachedDataRejected;

  const mod = new Module(file);
  mod.filename = file;
  req.cache[file] = mod;
  try {
    const wrapper = script.runInThisContext() as (exports: unknown, require: NodeRequire, module: Module, filename: string, dirname: string) => void;
    wrapper.call(mod.exports, mod.exports, createRequire(file), mod, file, dirname(file));
    mod.loaded = true;
  } catch (err) {
    delete req.cache[file];
    throw err;
  }
  let saved = accepted;
  return {
    exports: mod.exports as T,
    cache: accepted ? 'accepted' : 'compiled',
    save: () => {
      if (saved) return;
      saved = true;
      writeCache(cacheFile, key, script.createCachedData());
      removeStale(cacheDir, prefix, basename(cacheFile));
    },
  };
}

/** The payload of a cache file made for exactly this source and build, or undefined. */
function readCache(file: string, key: Buffer): Buffer | undefined {
  let buf: Buffer;
  try {
    buf = readFileSync(file);
  } catch {
    return undefined;
  }
  if (buf.length <= HEADER || buf.toString('latin1', 0, 4) !== MAGIC || buf.readUInt32LE(4) !== FORMAT) return undefined;
  if (!buf.subarray(8, 40).equals(key)) return undefined;
  const payload = buf.subarray(HEADER);
  if (!createHash('sha256').update(payload).digest().equals(buf.subarray(40, HEADER))) return undefined;
  return payload;
}

/**
 * Written whole or not at all (a temp file renamed into place), private to the user. A failure is
 * ignored on purpose: without a cache the module compiles from source, as it always did.
 */
function writeCache(file: string, key: Buffer, payload: Buffer): void {
  const head = Buffer.alloc(HEADER);
  head.write(MAGIC, 0, 'latin1');
  head.writeUInt32LE(FORMAT, 4);
  key.copy(head, 8);
  createHash('sha256').update(payload).digest().copy(head, 40);
  const tmp = `${file}.${process.pid}.${threadId}.tmp`;
  try {
    writeFileSync(tmp, Buffer.concat([head, payload]), { mode: 0o600 });
    renameSync(tmp, file);
  } catch {
    rmSync(tmp, { force: true });
  }
}

/** Caches of the same module made for an older source or build: never read again, so not kept. */
function removeStale(dir: string, prefix: string, keep: string): void {
  try {
    for (const f of readdirSync(dir)) if (f.startsWith(prefix) && f.endsWith('.v8cache') && f !== keep) rmSync(join(dir, f), { force: true });
  } catch {
    // Only tidying: a file another process removed first is fine.
  }
}
