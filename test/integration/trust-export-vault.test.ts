/**
 * An export without --include-secrets carries no knowledge-vault value, whatever the entry's kind
 * (issue 28). The detectors mask a key or a card wherever it is kept; a Wi-Fi password kept as a
 * "network" entry, a recovery code in a note, a home address have no shape a detector knows, so a
 * memory that quotes them without their label keeps them in its text. In a prompt the vault's cut
 * masks them (vault-cut.ts); a JSON or Markdown file is plain text that leaves the machine, so the
 * same cut applies there: in memories, their history, their sources and the graph. Real encrypted
 * store; the values are made up.
 */
import { describe, expect, it } from 'vitest';
import { AtomicFile, exportArchive, exportMemories, type ByteSink } from '../../agents/portability/index.js';
import type { EngramStore } from '../../agents/store/index.js';
import { freshStores } from '../helpers/temp-store.js';

const WIFI = 'Gannet-Morrow-4471';
const RECOVERY = 'r7kq-2mzx-9vfe-w3hd';
const ADDRESS = '14 Larkspur Terrace, Bristol BS8 2QT';
const SHORT = 'otter';
const NOW = Date.UTC(2026, 10, 20, 12);

class TextSink implements ByteSink {
  text = '';
  write(chunk: string | Buffer): void {
    this.text += typeof chunk === 'string' ? chunk : chunk.toString('utf8');
  }
}

function seed(store: EngramStore): void {
  const vault = (title: string, entry_type: string, secret: string) =>
    store.memories.insert({ kind: 'knowledge_vault', title, text: title, fields: { entry_type, sensitivity: 'medium', secret, source: 'user' }, created_at: NOW - 9 * 86_400_000 });
  vault('Loft wifi', 'network', WIFI);
  vault('Mail recovery code', 'note', RECOVERY);
  vault('Home', 'address', ADDRESS);
  // Too short and plain to be told from ordinary words: masked where a label names it, not everywhere.
  vault('Shed lock', 'note', SHORT);
  const joined = store.memories.insert({ kind: 'episodic', title: 'Joined the loft wifi', text: `Joined Loft-Mesh from the laptop with ${WIFI}; the otter sticker is on the router`, occurred_at: NOW - 3_600_000 });
  // An earlier version quoted the code; the current one the address in capitals across a line break.
  store.memories.update(joined.id, { text: `Saved the mail recovery code ${RECOVERY} in the drawer` }, 'edited');
  store.memories.insert({ kind: 'semantic', title: 'Where the user lives', text: `Parcels go to 14 LARKSPUR TERRACE,\nBRISTOL BS8 2QT; leave them by the otter statue`, occurred_at: NOW - 7_200_000 });
}

describe('exports and vault values of every kind', () => {
  const open = freshStores('engram-export-vault-');

  it('JSON and Markdown without --include-secrets hold none of the values; the short one stays as ordinary text', async () => {
    const store = await open();
    seed(store);
    for (const format of ['json', 'markdown'] as const) {
      const sink = new TextSink();
      const r = exportMemories(store, sink, { format });
      expect(r.memories).toBe(6);
      // Nor the last characters the window's mask shows of a long value ("••••4471").
      for (const v of [WIFI, RECOVERY, 'Larkspur Terrace', 'LARKSPUR TERRACE', '4471', 'w3hd', '2QT']) expect(sink.text, `${format}: ${v}`).not.toContain(v);
      expect(sink.text).toContain('by the otter statue');
      expect(sink.text).toContain('Saved the mail recovery code [redacted');
      expect(sink.text).toContain('Parcels go to [redacted');
    }
  });

  it('a short value is masked where a note gives it beside its label, and left as an ordinary word elsewhere', async () => {
    const store = await open();
    seed(store);
    store.memories.insert({ kind: 'episodic', title: 'Garden jobs', text: 'Oiled the shed lock: otter still opens it. Saw an otter by the pond.', occurred_at: NOW - 60_000 });
    const sink = new TextSink();
    exportMemories(store, sink, { format: 'json' });
    expect(sink.text).toContain('Oiled the shed lock: [redacted:password] still opens it. Saw an otter by the pond.');
    expect(sink.text).toContain('by the otter statue');
  });

  it('with --include-secrets the values are there, as asked', async () => {
    const store = await open();
    seed(store);
    const sink = new TextSink();
    exportMemories(store, sink, { format: 'json', includeSecrets: true });
    for (const v of [WIFI, RECOVERY, ADDRESS, `14 LARKSPUR TERRACE,\\nBRISTOL`]) expect(sink.text).toContain(v);
  });

  it('the encrypted archive masks them too unless asked', async () => {
    const store = await open();
    seed(store);
    const { mkdtempSync, readFileSync, rmSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const { importFile } = await import('../../agents/portability/index.js');
    const dir = mkdtempSync(join(tmpdir(), 'engram-export-vault-archive-'));
    try {
      const file = join(dir, 'a.engram-archive');
      const out = new AtomicFile(file);
      await exportArchive(store, out, { secret: { passphrase: 'correct horse battery staple' }, scrypt: { N: 2 ** 12, r: 8, p: 1 } });
      out.commit();
      expect(readFileSync(file).length).toBeGreaterThan(0);
      const other = await open();
      await importFile(other, file, { passphrase: 'correct horse battery staple' });
      const text = JSON.stringify(other.memories.list({ includeSuperseded: true, limit: 100 }).map((m) => [m, other.memories.history(m.id)]));
      for (const v of [WIFI, RECOVERY, 'Larkspur Terrace', 'LARKSPUR TERRACE']) expect(text).not.toContain(v);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("the archive's observations, frames' titles, threads and messages hold none of the values either; asked for, they are there", async () => {
    const store = await open();
    seed(store);
    const at = NOW - 600_000;
    // The screen the note came from, the chat where the user asked about it: the values as typed and seen.
    const frame = store.frames.insert({ display: 'main', captured_at: at, width: 800, height: 600, phash: '0', app: 'Notes', title: `wifi ${WIFI.toLowerCase()} - Notes`, url: null }, Buffer.from('pixels'));
    store.observations.insert({ kind: 'screen', frame_id: frame.id, audio_id: null, display: 'main', observed_at: at, app: 'Notes', title: 'Loft setup', url: null, text: `Loft wifi key: see drawer\nguest joins with ${WIFI}\nparcels: 14 Larkspur Terrace, Bristol BS8 2QT`, caption: `A note with ${RECOVERY}` });
    const thread = store.threads.create(`is ${WIFI} still the loft key?`, at);
    store.messages.insert({ thread_id: thread.id, role: 'user', text: `is ${WIFI} still the loft key? the otter one`, raw: { role: 'user', content: `is ${WIFI} still the loft key?` }, created_at: at });
    const { mkdtempSync, rmSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const { importFile } = await import('../../agents/portability/index.js');
    const dir = mkdtempSync(join(tmpdir(), 'engram-export-vault-sources-'));
    const sources = async (includeSecrets: boolean) => {
      const file = join(dir, `${includeSecrets ? 'clear' : 'masked'}.engram-archive`);
      const out = new AtomicFile(file);
      await exportArchive(store, out, { secret: { passphrase: 'correct horse battery staple' }, scrypt: { N: 2 ** 12, r: 8, p: 1 }, includeSecrets });
      out.commit();
      const other = await open();
      await importFile(other, file, { passphrase: 'correct horse battery staple' });
      const threads = other.threads.list({ limit: 100 });
      return JSON.stringify([other.observations.list({ limit: 100 }), other.frames.list({ limit: 100 }), threads, threads.map((t) => other.messages.list(t.id))]);
    };
    try {
      const masked = await sources(false);
      expect(masked).toContain('Loft wifi key: see drawer');
      expect(masked).toContain('the otter one');
      for (const v of [WIFI, WIFI.toLowerCase(), RECOVERY, 'Larkspur Terrace']) expect(masked, v).not.toContain(v);
      const clear = await sources(true);
      for (const v of [WIFI, WIFI.toLowerCase(), RECOVERY, 'Larkspur Terrace']) expect(clear, v).toContain(v);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
