import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, realpathSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const SHIM_SOURCE = join(process.cwd(), 'test', 'reliability', 'power-loss', 'fsync-shadow.c');

/** What one power cut threw away: files whose bytes on "disk" after the cut differ from what the process had written. */
export interface PowerCut {
  /** Files that lost writes (content rolled back to their last fsync, or emptied, or gone). */
  files: number;
  /** Bytes the process had written that the cut dropped (by file: live size where it differs). */
  bytes: number;
  /** Names that were never made durable (no fsync of their directory since they appeared). */
  names: number;
  /** The files that lost writes, relative to the data dir (for the report). */
  which: string[];
  /** Records the preload wrote since the last snapshot (fsyncs seen under the data dir; 0: the preload did not run). */
  records: number;
}

/**
 * A data dir on a "disk" that keeps only what was fsynced: the process under test runs with the
 * fsync-shadow shim preloaded (env()), which records each fsynced file's content and each fsynced
 * directory's entries; cut() then rebuilds the data dir from those records alone, as a power cut
 * would leave it (worst case POSIX allows: nothing of a write or a name that was not fsynced).
 * snapshot() declares what is there now durable (a clean shutdown, or the state after a reboot).
 */
export class PowerLossDisk {
  readonly root: string;
  private readonly shadow: string;
  private readonly shim: string;
  private cuts = 0;
  private snapshotDone = 0;

  constructor(dataDir: string, work: string) {
    mkdirSync(dataDir, { recursive: true });
    mkdirSync(work, { recursive: true });
    // The shim compares with the path /proc/self/fd resolves to.
    this.root = realpathSync(dataDir);
    this.shadow = join(realpathSync(work), 'shadow');
    this.shim = join(realpathSync(work), 'fsync-shadow.so');
    execFileSync('gcc', ['-shared', '-fPIC', '-O2', '-Wall', '-Wno-format-truncation', '-o', this.shim, SHIM_SOURCE, '-ldl'], { stdio: ['ignore', 'ignore', 'pipe'] });
    this.snapshot();
  }

  /** The environment that puts the process under test on this disk. */
  env(): NodeJS.ProcessEnv {
    return { LD_PRELOAD: this.shim, POWERLOSS_ROOT: this.root, POWERLOSS_SHADOW: this.shadow };
  }

  /** Everything in the data dir now is durable (records every file and directory as fsynced). */
  snapshot(): void {
    rmSync(this.shadow, { recursive: true, force: true });
    mkdirSync(join(this.shadow, 'ino'), { recursive: true });
    mkdirSync(join(this.shadow, 'dir'), { recursive: true });
    const walk = (dir: string) => {
      const lines: string[] = [];
      for (const name of readdirSync(dir)) {
        const p = join(dir, name);
        const st = lstatSync(p, { bigint: true });
        if (st.isDirectory()) {
          lines.push(`d ${st.ino} ${st.birthtimeNs} ${name}`);
          walk(p);
        } else if (st.isFile()) {
          lines.push(`f ${st.ino} ${st.birthtimeNs} ${name}`);
          writeFileSync(join(this.shadow, 'ino', `${st.dev}-${st.ino}-${st.birthtimeNs}`), readFileSync(p));
        }
      }
      const st = statSync(dir, { bigint: true });
      writeFileSync(join(this.shadow, 'dir', `${st.dev}-${st.ino}-${st.birthtimeNs}`), lines.map((l) => `${l}\n`).join(''));
    };
    walk(this.root);
    this.snapshotDone = Date.now();
  }

  /**
   * The power cut (call it once the process is dead): the data dir becomes what the records
   * describe, and what was lost is counted. Then the rebuilt state counts as durable.
   */
  cut(): PowerCut {
    const keep = process.env.POWERLOSS_KEEP;
    if (keep) {
      this.cuts++;
      execFileSync('cp', ['-a', this.root, join(keep, `cut${this.cuts}-live`)]);
      execFileSync('cp', ['-a', this.shadow, join(keep, `cut${this.cuts}-shadow`)]);
    }
    const rootStat = statSync(this.root, { bigint: true });
    const dev = rootStat.dev;
    // Beside the data dir (same file system), so it can be renamed into its place.
    const rebuilt = `${this.root}.powercut`;
    rmSync(rebuilt, { recursive: true, force: true });
    const durable = new Map<string, Buffer>();
    // A file or directory is its inode number and birth time: a number reused by a later file is
    // another file, which inherits nothing the earlier one made durable.
    const build = (id: string, target: string, rel: string) => {
      mkdirSync(target, { recursive: true });
      const listFile = join(this.shadow, 'dir', `${dev}-${id}`);
      // A directory whose entries were never fsynced comes back empty.
      const lines = existsSync(listFile) ? readFileSync(listFile, 'utf8').split('\n').filter(Boolean) : [];
      for (const line of lines) {
        const [type, childIno, born, ...rest] = line.split(' ');
        const name = rest.join(' ');
        const childRel = rel ? `${rel}/${name}` : name;
        if (type === 'd') build(`${childIno}-${born}`, join(target, name), childRel);
        else if (type === 'f') {
          // A name made durable whose content never was: an empty file (what ext4 leaves, at best).
          const content = join(this.shadow, 'ino', `${dev}-${childIno}-${born}`);
          const bytes = existsSync(content) ? readFileSync(content) : Buffer.alloc(0);
          writeFileSync(join(target, name), bytes);
          durable.set(childRel, bytes);
        }
      }
    };
    build(`${rootStat.ino}-${rootStat.birthtimeNs}`, rebuilt, '');

    const records = ['ino', 'dir']
      .flatMap((k) => readdirSync(join(this.shadow, k)).map((f) => join(this.shadow, k, f)))
      .filter((f) => statSync(f).mtimeMs > this.snapshotDone).length;
    const cut: PowerCut = { files: 0, bytes: 0, names: 0, which: [], records };
    const compare = (dir: string, rel: string) => {
      for (const name of readdirSync(dir)) {
        const p = join(dir, name);
        const r = rel ? `${rel}/${name}` : name;
        const st = lstatSync(p);
        if (st.isDirectory()) compare(p, r);
        // SQLite's -shm is a cache it rebuilds from the WAL, never fsynced by design: not a loss.
        else if (st.isFile() && !name.endsWith('-shm')) {
          const kept = durable.get(r);
          const live = readFileSync(p);
          if (kept === undefined) cut.names++;
          if (kept === undefined || !kept.equals(live)) {
            cut.files++;
            cut.bytes += live.length;
            cut.which.push(r);
          }
        }
      }
    };
    compare(this.root, '');

    // Swap the rebuilt dir in (same path: the next start finds it where it left it).
    rmSync(this.root, { recursive: true, force: true });
    renameSync(rebuilt, this.root);
    this.snapshot();
    return cut;
  }
}
