import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore, StaticKeyProvider, type EngramStore } from '../../agents/store/index.js';
import {
  AtomicFile,
  exportArchive,
  exportMemories,
  importFile,
  PortabilityError,
  type ByteSink,
  type ExportDocument,
  type ExportOptions,
} from '../../agents/portability/index.js';
import { frameBytes, seedStore, T0, VAULT_CANARY } from '../fixtures/portability/seed-store.js';
import { freshStores } from '../helpers/temp-store.js';
import { DEFAULT_REDACTION } from '../../shared/redaction/index.js';

const LOW_SCRYPT = { N: 2 ** 12, r: 8, p: 1 };

class BufferSink implements ByteSink {
  chunks: Buffer[] = [];
  write(chunk: string | Buffer): void {
    this.chunks.push(typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk);
  }
  get buffer(): Buffer {
    return Buffer.concat(this.chunks);
  }
  get text(): string {
    return this.buffer.toString('utf8');
  }
}

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => (statSync(join(dir, n)).isDirectory() ? walk(join(dir, n)) : [join(dir, n)]));
}

/** Everything an import could change, read back through the store's own API. */
function state(store: EngramStore): string {
  const memories = store.memories.list({ includeSuperseded: true, limit: 10_000, order: 'oldest' }).map((m) => ({
    ...store.memories.get(m.id, { reveal: true }),
    provenance: store.memories.provenance(m.id),
    history: store.memories.history(m.id, { reveal: true }),
  }));
  const frames = store.frames.list({ limit: 10_000 });
  return JSON.stringify({ memories, frames, obs: store.observations.list({ limit: 10_000 }), threads: store.threads.list(), stats: store.stats().counts });
}

function exportTo(store: EngramStore, file: string, opts: ExportOptions): void {
  const out = new AtomicFile(file);
  exportMemories(store, out, opts);
  out.commit();
}

// The export time, and the core seal (each Engram seals with its own key: core-seal.ts).
const withoutTime = (doc: ExportDocument) => ({ ...doc, exported_at: 'x', core_seal: 'x' });

describe('export and import', () => {
  let root: string;
  let key: Buffer;
  let store: EngramStore;
  const stores: EngramStore[] = [];

  async function freshStore(k: Buffer = randomBytes(32)): Promise<EngramStore> {
    const s = await openStore({ dataDir: mkdtempSync(join(root, 'store-')), keyProvider: new StaticKeyProvider(k), embedder: null });
    stores.push(s);
    return s;
  }

  beforeEach(async () => {
    root = mkdtempSync(join(tmpdir(), 'engram-port-'));
    key = randomBytes(32);
    store = await freshStore(key);
    seedStore(store);
  });
  afterEach(async () => {
    for (const s of stores.splice(0)) await s.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('round-trips a JSON export exactly: ids, times, usage, versions, supersession, provenance, history, secrets', async () => {
    const file = join(root, 'all.json');
    exportTo(store, file, { format: 'json', includeSecrets: true });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const doc = JSON.parse(readFileSync(file, 'utf8')) as ExportDocument;
    expect(doc.count).toBe(8);
    expect(new Set(doc.memories.map((m) => m.kind))).toEqual(new Set(['core', 'episodic', 'semantic', 'procedural', 'resource', 'knowledge_vault']));

    const other = await freshStore();
    // Another machine's Engram (another key): the user vouches that the file is their own, core and all.
    const report = await importFile(other, file, { trustCore: true });
    expect(report.memories).toMatchObject({ inserted: 8, replaced: 0, unchanged: 0, kept_local: 0, total: 8 });
    expect(state(other)).not.toBe('');
    // Every memory as the store sees it, revealed, with sources and history: identical.
    const view = (s: EngramStore) => JSON.parse(state(s)).memories;
    expect(view(other)).toEqual(view(store));

    // And exporting the imported store gives the same file (but for the export time).
    const again = join(root, 'again.json');
    exportTo(other, again, { format: 'json', includeSecrets: true });
    expect(withoutTime(JSON.parse(readFileSync(again, 'utf8')))).toEqual(withoutTime(doc));
  });

  it("a JSON export's memories go through this Engram's re-scrub again; a dry run leaves the stamp", async () => {
    store.memories.insert({ kind: 'semantic', title: 'Old Stripe key', text: 'The old key was sk live 51Hx9QwErTyUiOpAsDfGhJkLzXcVbNm until rotation.' });
    const file = join(root, 'kept.json');
    exportTo(store, file, { format: 'json' });
    const other = await freshStore();
    await importFile(other, file, { dryRun: true });
    expect(other.rescrubDue).toBe(false);
    await importFile(other, file);
    expect(other.rescrubDue).toBe(true);
    for (let i = 0; i < 100 && !other.rescrubSlice(DEFAULT_REDACTION, 50).done; i++);
    const text = JSON.stringify(other.memories.list({ limit: 100 }));
    expect(text).not.toContain('51Hx9QwErTyUiOpAsDfGhJkLzXcVbNm');
    expect(text).toContain('until rotation');
  });

  it('imports twice without duplicates, and the newer version of a memory wins', async () => {
    const file = join(root, 'all.json');
    exportTo(store, file, { format: 'json', includeSecrets: true });
    const other = await freshStore();
    await importFile(other, file, { trustCore: true });
    const before = state(other);
    const second = await importFile(other, file, { trustCore: true });
    expect(second.memories).toMatchObject({ inserted: 0, unchanged: 8 });
    expect(state(other)).toBe(before);

    // A memory edited here after the export is newer: the old file does not overwrite it.
    const doc = JSON.parse(readFileSync(file, 'utf8')) as ExportDocument;
    const id = doc.memories.find((m) => m.kind === 'resource')!.id;
    other.memories.update(id, { text: 'edited locally' }, 'local edit');
    const third = await importFile(other, file, { trustCore: true });
    expect(third.memories.kept_local).toBe(1);
    expect(other.memories.get(id)!.text).toBe('edited locally');

    // The reverse: the original store gets the newer copy from a later export.
    const newer = join(root, 'newer.json');
    exportTo(other, newer, { format: 'json', includeSecrets: true });
    const fourth = await importFile(store, newer);
    expect(fourth.memories.replaced).toBe(1);
    expect(store.memories.get(id)!.text).toBe('edited locally');
    expect(store.memories.history(id)[0]!.reason).toBe('local edit');
  });

  it('masks vault secrets unless asked; a masked import keeps the secret a store already has', async () => {
    const file = join(root, 'masked.json');
    exportTo(store, file, { format: 'json' });
    expect(readFileSync(file).includes(Buffer.from(VAULT_CANARY))).toBe(false);
    const doc = JSON.parse(readFileSync(file, 'utf8')) as ExportDocument;
    expect(doc.secrets).toBe('masked');

    const other = await freshStore();
    const r = await importFile(other, file);
    expect(r.secrets_masked).toBe(1);
    const vault = doc.memories.find((m) => m.kind === 'knowledge_vault')!;
    expect(other.memories.get(vault.id, { reveal: true })!.fields.secret).not.toBe(VAULT_CANARY);

    // Make the file's copy newer, then import into the original store: the secret survives.
    vault.version += 1;
    vault.updated_at = new Date(Date.parse(vault.updated_at) + 1000).toISOString();
    vault.text = 'Password of the staging database (renamed)';
    writeFileSync(file, JSON.stringify(doc));
    const back = await importFile(store, file);
    expect(back.memories.replaced).toBe(1);
    const kept = store.memories.get(vault.id, { reveal: true })!;
    expect(kept.text).toContain('renamed');
    expect(kept.fields.secret).toBe(VAULT_CANARY);

    const withSecrets = new BufferSink();
    exportMemories(store, withSecrets, { format: 'json', includeSecrets: true });
    expect(withSecrets.text).toContain(VAULT_CANARY);
  });

  it('filters by --since and --kind, and reports progress up to the total', () => {
    const sink = new BufferSink();
    const seen: number[] = [];
    const s = exportMemories(store, sink, { format: 'json', since: T0 + 3 * 3_600_000, onProgress: (p) => seen.push(p.done) });
    const doc = JSON.parse(sink.text) as ExportDocument;
    expect(doc.memories.every((m) => Date.parse(m.occurred_at ?? m.created_at) >= T0 + 3 * 3_600_000)).toBe(true);
    expect(s.memories).toBe(doc.memories.length);
    expect(seen.at(-1)).toBe(doc.count);
    expect([...seen].sort((a, b) => a - b)).toEqual(seen);

    const onlyExp = new BufferSink();
    exportMemories(store, onlyExp, { format: 'json', kinds: ['experience'] });
    const exp = JSON.parse(onlyExp.text) as ExportDocument;
    expect(exp.memories).toHaveLength(1);
    expect(exp.memories[0]!.fields.entry_type).toBe('experience');

    const proc = new BufferSink();
    const ps = exportMemories(store, proc, { format: 'json', kinds: ['procedural'] });
    expect(ps.by_kind).toEqual({ procedural: 1, experience: 1 });
  });

  it('writes a readable Markdown export with sources and history, secrets masked', () => {
    const sink = new BufferSink();
    exportMemories(store, sink, { format: 'markdown' });
    const md = sink.text;
    for (const h of ['## Core', '## Episodic', '## Semantic', '## Procedural', '## Experiences', '## Resources', '## Knowledge vault']) expect(md).toContain(h);
    expect(md).toContain('**sources**: frame `frm_');
    expect(md).toContain('v2 · ');
    expect(md).toContain('added npm ci');
    expect(md).toContain('**superseded by**');
    expect(md).not.toContain(VAULT_CANARY);
  });

  it('refuses malformed and foreign files with one line, changing nothing', async () => {
    const good = join(root, 'good.json');
    exportTo(store, good, { format: 'json', includeSecrets: true });
    const doc = JSON.parse(readFileSync(good, 'utf8')) as ExportDocument;
    const target = await freshStore();
    target.memories.insert({ kind: 'semantic', text: 'already here' });
    const before = state(target);

    const bad: Record<string, string | Buffer> = {
      'png.json': frameBytes(1),
      'random.json': JSON.stringify({ hello: 'world', memories: [] }),
      'array.json': JSON.stringify([1, 2, 3]),
      'cut.json': readFileSync(good, 'utf8').slice(0, 2000),
      'short.json': JSON.stringify({ ...doc, memories: doc.memories.slice(1) }),
      'newer.json': JSON.stringify({ ...doc, format_version: 99 }),
      // The last memory is broken: the earlier ones must not be written either.
      'late-error.json': JSON.stringify({ ...doc, memories: doc.memories.map((m, i) => (i === doc.memories.length - 1 ? { ...m, created_at: 'yesterday' } : m)) }),
      'bad-fields.json': JSON.stringify({ ...doc, memories: doc.memories.map((m) => (m.kind === 'core' ? { ...m, fields: { limit: -1 } } : m)) }),
      'dupe.json': JSON.stringify({ ...doc, count: doc.count + 1, memories: [...doc.memories, doc.memories[0]] }),
      'bad-id.json': JSON.stringify({ ...doc, memories: doc.memories.map((m, i) => (i === 2 ? { ...m, id: '../../etc/passwd' } : m)) }),
      'export.md': '# Engram export\n\nsomething',
    };
    const expected: Record<string, RegExp> = {
      'png.json': /not an Engram export \(not valid JSON\)/,
      'random.json': /not an Engram export \(no "format"/,
      'array.json': /not an Engram export/,
      'cut.json': /not valid JSON/,
      'short.json': /incomplete: it announces 8 memories but holds 7/,
      'newer.json': /newer Engram \(export format 99/,
      'late-error.json': /memories\[7\]\.created_at/,
      'bad-fields.json': /memories\[0\]\.fields/,
      'dupe.json': /appears twice/,
      'bad-id.json': /memories\[2\]\.id/,
      'export.md': /Markdown export/,
    };
    for (const [name, content] of Object.entries(bad)) {
      const p = join(root, name);
      writeFileSync(p, content);
      const err = await importFile(target, p).then(
        () => null,
        (e: unknown) => e,
      );
      expect(err, name).toBeInstanceOf(PortabilityError);
      const msg = (err as Error).message;
      expect(msg, name).toMatch(expected[name]!);
      expect(msg.includes('\n'), name).toBe(false);
      expect(state(target), name).toBe(before);
    }
    await expect(importFile(target, join(root, 'missing.json'))).rejects.toThrow(/cannot read missing\.json: ENOENT/);
  });

  it('a dry run counts without writing', async () => {
    const file = join(root, 'all.json');
    exportTo(store, file, { format: 'json' });
    const other = await freshStore();
    const before = state(other);
    const r = await importFile(other, file, { dryRun: true, trustCore: true });
    expect(r).toMatchObject({ dry_run: true, memories: { inserted: 8 } });
    expect(state(other)).toBe(before);
  });

  it('stops on cancel (Ctrl-C) with a clear error and no file', () => {
    const file = join(root, 'cancelled.json');
    const out = new AtomicFile(file);
    let err: unknown = null;
    try {
      exportMemories(store, out, { format: 'json', signal: AbortSignal.abort() });
    } catch (e) {
      err = e;
      out.abort();
    }
    expect(err).toBeInstanceOf(PortabilityError);
    expect((err as PortabilityError).code).toBe('ABORTED');
    expect(readdirSync(root).filter((n) => n.startsWith('cancelled'))).toEqual([]);
  });

  it('refuses to overwrite an existing output file', () => {
    const file = join(root, 'exists.json');
    writeFileSync(file, 'keep me');
    expect(() => new AtomicFile(file)).toThrow(/already exists/);
    expect(readFileSync(file, 'utf8')).toBe('keep me');
  });
});

describe('encrypted archive (--with-frames)', () => {
  let root: string;
  let key: Buffer;
  let store: EngramStore;
  let seeded: ReturnType<typeof seedStore>;
  const stores: EngramStore[] = [];

  async function storeWith(k: Buffer): Promise<EngramStore> {
    const s = await openStore({ dataDir: mkdtempSync(join(root, 'store-')), keyProvider: new StaticKeyProvider(k), embedder: null });
    stores.push(s);
    return s;
  }

  beforeEach(async () => {
    root = mkdtempSync(join(tmpdir(), 'engram-arch-'));
    key = randomBytes(32);
    store = await storeWith(key);
    seeded = seedStore(store);
  });
  afterEach(async () => {
    for (const s of stores.splice(0)) await s.close();
    rmSync(root, { recursive: true, force: true });
  });

  async function writeArchive(file: string, secret: { masterKey: Buffer } | { passphrase: string }, includeSecrets = true) {
    const out = new AtomicFile(file);
    const summary = await exportArchive(store, out, { secret, includeSecrets, scrypt: LOW_SCRYPT });
    out.commit();
    return summary;
  }

  it("what an archive brings in goes through this Engram's re-scrub again; a dry run leaves the stamp", async () => {
    // Kept in clear by an Engram whose detectors did not know a spaced Stripe key yet.
    const stripe = 'sk live 51Hx9QwErTyUiOpAsDfGhJkLzXcVbNm';
    store.observations.insert({ kind: 'screen', frame_id: null, audio_id: null, display: 'main', observed_at: 5_000, app: 'Slack', title: 'oncall', url: null, text: `replay with ${stripe} from the vault`, caption: null });
    store.memories.insert({ kind: 'semantic', title: 'Old Stripe key', text: `The old key was ${stripe} until rotation.` });
    const file = join(root, 'kept.engram-archive');
    await writeArchive(file, { masterKey: store.masterKey });
    const twin = await storeWith(key);
    expect(twin.rescrubDue).toBe(false);
    await importFile(twin, file, { dryRun: true });
    expect(twin.rescrubDue).toBe(false);
    await importFile(twin, file);
    expect(twin.rescrubDue).toBe(true);
    const kept = () => JSON.stringify({ obs: twin.observations.list({ limit: 100 }), mem: twin.memories.list({ limit: 100 }) });
    expect(kept()).toContain('51Hx9QwErTyUiOpAsDfGhJkLzXcVbNm');
    for (let i = 0; i < 100 && !twin.rescrubSlice(DEFAULT_REDACTION, 50).done; i++);
    expect(twin.rescrubDue).toBe(false);
    expect(kept()).not.toContain('51Hx9QwErTyUiOpAsDfGhJkLzXcVbNm');
    expect(kept()).toContain('until rotation');
  });

  it('carries frames, observations and conversations, encrypted under a key derived from the master key', async () => {
    const file = join(root, 'a.engram-archive');
    const summary = await writeArchive(file, { masterKey: store.masterKey });
    expect(summary).toMatchObject({ memories: 8, frames: 3, frames_missing: 0, observations: 1, threads: 1, messages: 1, key: 'master-key' });
    const bytes = readFileSync(file);
    // Nothing readable: no secret, no memory text, no pixels.
    for (const needle of [VAULT_CANARY, 'Ana Lopez', 'frame-pixels-1', 'Keynote']) expect(bytes.includes(Buffer.from(needle)), needle).toBe(false);

    // Same master key, another data dir (a new machine with the key moved over).
    const twin = await storeWith(key);
    const r = await importFile(twin, file);
    expect(r).toMatchObject({ format: 'archive', memories: { inserted: 8 }, sources: { frames: 3, observations: 1, threads: 1, messages: 1 } });
    for (const [i, id] of seeded.frames.entries()) expect((await twin.frames.readImage(id)).equals(frameBytes(i))).toBe(true);
    expect(twin.observations.list({})[0]).toEqual(store.observations.list({})[0]);
    expect(twin.messages.list(store.threads.list()[0]!.id)).toEqual(store.messages.list(store.threads.list()[0]!.id));
    expect(twin.memories.get(seeded.ids.vault!, { reveal: true })!.fields.secret).toBe(VAULT_CANARY);
    // The frame files in the new store are encrypted too.
    for (const f of walk(join(twin.dataDir, 'frames'))) expect(readFileSync(f).includes(Buffer.from('frame-pixels'))).toBe(false);

    const again = await importFile(twin, file);
    expect(again).toMatchObject({ memories: { inserted: 0, unchanged: 8 }, sources: { frames: 0, observations: 0, threads: 0, messages: 0 } });

    // A store with another master key cannot open it.
    const stranger = await storeWith(randomBytes(32));
    await expect(importFile(stranger, file)).rejects.toThrow(/made with another Engram master key/);
  });

  it('with a passphrase, opens under any key; a wrong or missing passphrase is refused', async () => {
    const file = join(root, 'p.engram-archive');
    await writeArchive(file, { passphrase: 'correct horse battery staple' });
    const stranger = await storeWith(randomBytes(32));
    const before = state(stranger);
    await expect(importFile(stranger, file)).rejects.toThrow(/protected by a passphrase/);
    await expect(importFile(stranger, file, { passphrase: 'wrong' })).rejects.toThrow(/wrong passphrase/);
    expect(state(stranger)).toBe(before);
    const r = await importFile(stranger, file, { passphrase: 'correct horse battery staple' });
    expect(r.sources).toEqual({ frames: 3, observations: 1, threads: 1, messages: 1 });
    expect((await stranger.frames.readImage(seeded.frames[2]!)).equals(frameBytes(2))).toBe(true);
  });

  it('a tampered or truncated archive changes nothing and leaves no frame files behind', async () => {
    const file = join(root, 't.engram-archive');
    await writeArchive(file, { masterKey: store.masterKey });
    const bytes = readFileSync(file);
    const twin = await storeWith(key);
    const before = state(twin);
    const flipped = Buffer.from(bytes);
    // Inside the document entry (after the frames), so the frames would authenticate on their own.
    flipped.writeUInt8(flipped.readUInt8(bytes.length - 200) ^ 0x01, bytes.length - 200);
    // Where the last entry (END) starts: dropping it whole leaves a file that parses entry by entry.
    let offset = 16 + 4 + bytes.readUInt32BE(16);
    let lastStart = offset;
    while (offset < bytes.length) {
      lastStart = offset;
      offset += 4 + bytes.readUInt32BE(offset);
    }
    const cases: Record<string, Buffer> = {
      flipped,
      cut: bytes.subarray(0, bytes.length - 50),
      'cut-one-byte': bytes.subarray(0, bytes.length - 1),
      'end-dropped': bytes.subarray(0, lastStart),
    };
    for (const [name, content] of Object.entries(cases)) {
      const p = join(root, `${name}.engram-archive`);
      writeFileSync(p, content);
      await expect(importFile(twin, p), name).rejects.toThrow(/damaged or was altered/);
      expect(state(twin), name).toBe(before);
    }
    const frameDir = join(twin.dataDir, 'frames');
    expect(walk(frameDir).filter((f) => f.endsWith('.bin'))).toEqual([]);

    // A failure half-way through writing (here: the 5th memory insert, after the frames were
    // written) rolls every row back and removes the frame files written before it.
    const insert = twin.memories.insert.bind(twin.memories);
    let calls = 0;
    twin.memories.insert = (m) => {
      if (++calls === 5) throw new Error('disk trouble');
      return insert(m);
    };
    await expect(importFile(twin, file)).rejects.toThrow(/disk trouble/);
    twin.memories.insert = insert;
    expect(calls).toBe(5);
    expect(state(twin)).toBe(before);
    expect(walk(frameDir).filter((f) => f.endsWith('.bin'))).toEqual([]);
    // And the same file then imports cleanly.
    expect((await importFile(twin, file)).sources?.frames).toBe(3);
  });
});

/** People & projects travel with the memories (issue 35): entities, aliases, mentions, facts with participants and sources. */
describe('export and import of the graph', () => {
  const fresh = freshStores('engram-graph-port-');
  /** What People & projects shows: each entity with its names, moments and facts (ids kept). */
  const graphOf = (s: EngramStore) =>
    s.graph.list({ limit: 500 }).map((e) => ({ e, facts: s.graph.facts(e.id), moments: s.graph.memoryIdsOf(e.id, 100).map(({ memory_id, role }) => ({ memory_id, role })) }));

  it('round-trips entities and their facts into a fresh data dir, idempotently, as JSON and as an archive', async () => {
    const a = await fresh();
    const m1 = a.memories.insert({ kind: 'semantic', title: 'Ana at Acme', text: 'Ana Souza works at Acme Corp.' });
    const m2 = a.memories.insert({ kind: 'episodic', title: 'Budget', text: 'Ana signed off the Atlas budget.', fields: { event_type: 'message' } });
    const ana = a.graph.upsertEntity({ name: 'Ana Souza', kind: 'person', at: T0 });
    const acme = a.graph.upsertEntity({ name: 'Acme Corp', kind: 'organization', at: T0 + 1000 });
    const atlas = a.graph.upsertEntity({ name: 'Atlas', kind: 'project', at: T0 + 2000 });
    a.graph.mention(ana, m1.id, 'subject');
    a.graph.mention(acme, m1.id, 'mention');
    a.graph.mention(ana, m2.id, 'subject');
    a.graph.mention(atlas, m2.id, 'mention');
    a.graph.addFact({ relation: 'works_at', statement: 'Ana Souza works at Acme Corp', occurred_at: T0, confidence: 0.9, participants: [{ entity_id: ana, role: 'subject' }, { entity_id: acme, role: 'object' }], sources: [m1.id] });
    a.graph.addFact({ relation: 'approved', statement: 'Ana approved the Atlas budget', occurred_at: null, confidence: 0.8, participants: [{ entity_id: ana, role: 'subject' }, { entity_id: atlas, role: 'object' }], sources: [m2.id] });

    const file = join(a.dataDir, 'export.json');
    exportTo(a, file, { format: 'json' });
    const doc = JSON.parse(readFileSync(file, 'utf8')) as ExportDocument;
    expect(doc.format_version).toBe(2);
    expect(doc.graph?.entities).toHaveLength(3);

    const b = await fresh();
    const first = await importFile(b, file);
    expect(first.graph).toEqual({ entities: 3, facts: 2, links: 4 + 4 + 2, updated: 0 });
    expect(JSON.stringify(graphOf(b))).toBe(JSON.stringify(graphOf(a)));
    // Again: nothing new, nothing changed.
    const again = await importFile(b, file);
    expect(again.graph).toEqual({ entities: 0, facts: 0, links: 0, updated: 0 });
    expect(JSON.stringify(graphOf(b))).toBe(JSON.stringify(graphOf(a)));

    const archive = join(a.dataDir, 'export.engram');
    const out = new AtomicFile(archive);
    await exportArchive(a, out, { secret: { passphrase: 'correct horse battery' }, includeSecrets: true, scrypt: LOW_SCRYPT });
    out.commit();
    const c = await fresh();
    await importFile(c, archive, { passphrase: 'correct horse battery' });
    expect(JSON.stringify(graphOf(c))).toBe(JSON.stringify(graphOf(a)));
  });

  it("updates an entity here when the file's copy is newer, and counts them as updated", async () => {
    const a = await fresh();
    const m = a.memories.insert({ kind: 'semantic', title: 'Bea', text: 'Bea Lopes runs the Lisbon office.' });
    const bea = a.graph.upsertEntity({ name: 'Bea Lopes', kind: 'other', at: T0 });
    a.graph.mention(bea, m.id, 'subject');
    const file1 = join(a.dataDir, 'one.json');
    exportTo(a, file1, { format: 'json' });
    const b = await fresh();
    expect((await importFile(b, file1)).graph).toEqual({ entities: 1, facts: 0, links: 1, updated: 0 });
    // Later, on the first machine, the kind becomes known and the entity is touched again.
    const doc = JSON.parse(readFileSync(file1, 'utf8')) as ExportDocument;
    const e = doc.graph!.entities[0]!;
    doc.graph!.entities[0] = { ...e, kind: 'person', summary: 'Runs the Lisbon office', last_seen: e.last_seen + 60_000, updated_at: e.updated_at + 60_000 };
    const file2 = join(a.dataDir, 'two.json');
    writeFileSync(file2, JSON.stringify(doc));
    const r = await importFile(b, file2);
    expect(r.graph).toEqual({ entities: 0, facts: 0, links: 0, updated: 1 });
    const here = b.graph.list({ limit: 10 })[0]!;
    expect([here.kind, here.summary]).toEqual(['person', 'Runs the Lisbon office']);
    // An older copy changes nothing.
    expect((await importFile(b, file1)).graph).toEqual({ entities: 0, facts: 0, links: 0, updated: 0 });
    expect(b.graph.list({ limit: 10 })[0]!.kind).toBe('person');
  });

  it('still imports a format 1 export (no graph)', async () => {
    const a = await fresh();
    a.memories.insert({ kind: 'semantic', title: 'Old', text: 'An export from before the graph travelled.' });
    const file = join(tmpdir(), `engram-v1-${process.pid}-${Date.now()}.json`);
    exportTo(a, file, { format: 'json' });
    const { graph: _graph, ...v1 } = JSON.parse(readFileSync(file, 'utf8')) as ExportDocument;
    writeFileSync(file, JSON.stringify({ ...v1, format_version: 1 }));
    const b = await fresh();
    const r = await importFile(b, file);
    rmSync(file);
    expect(r.graph).toBeNull();
    expect(r.memories.inserted).toBe(1);
  });
});
