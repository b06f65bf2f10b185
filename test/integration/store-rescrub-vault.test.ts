import { describe, expect, it } from 'vitest';
import { OfflineProvider } from '../../agents/llm/index.js';
import { createBrain, type Brain } from '../../agents/meta/index.js';
import { KnowledgeVaultAgent } from '../../agents/knowledge-vault/index.js';
import { MemoryWriter } from '../../agents/subagent-kit/index.js';
import { REDACTION_VERSION_KEY, type EngramStore } from '../../agents/store/index.js';
import { DEFAULT_REDACTION } from '../../shared/redaction/index.js';
import { CAPTURE_SETTINGS_KEY, CaptureSettingsSchema, defaultCaptureSettings } from '../../shared/settings/index.js';
import { TimeFormatter } from '../../shared/time/index.js';
import { tempStoreEachTest } from '../helpers/temp-store.js';

/**
 * What the re-scrub takes out of what the brain and chat kept (messages, thread titles, memories and
 * their history, graph facts) goes to the knowledge vault, masked, in the batch's own transaction:
 * the pass masks a secret there and nothing else keeps it. store-rescrub.test.ts has the masking.
 */

// Shapes only today's detectors find: a Stripe key OCR read with spaces for its underscores, and an
// IBAN whose check digits OCR read as letters (after its label).
const KEY_BODY = '51QxTm8Ab29dKp4LmN7qRsT3uV';
const KEY = `sk live ${KEY_BODY}`;
const IBAN = 'DESY 3704 0044 0532 0130 00';
// An account any Engram found: vaulted live from the chat message that told it.
const RENT = 'GB82 WEST 1234 5698 7654 32';
const T = Date.parse('2025-03-03T09:00:00Z');

/** Each secret by a run of it with no spaces in it, so a regrouped copy counts as the same one. */
const CORES: Record<string, string> = { key: KEY_BODY, iban: '370400440532013000', rent: 'WEST12345698765432' };
const joined = (s: string) => s.replace(/\s+/g, '');

describe('re-scrub: what it takes out of kept chat and notes is kept in the vault', () => {
  let store: EngramStore;
  let brain: Brain;
  const lines: string[] = [];
  tempStoreEachTest('engram-rescrub-vault-', (t) => {
    store = t.store;
    lines.length = 0;
    brain = createBrain({ store, llm: new OfflineProvider(), timeZone: 'UTC', tickMs: 3_600_000, log: (l) => lines.push(l) });
    return () => brain.stop();
  });

  /** Vault entries holding a secret, revealed, by the secret's spaceless run. */
  const vaulted = (core: string) =>
    store.memories
      .list({ kinds: ['knowledge_vault'], limit: 1000, includeSuperseded: true })
      .map((m) => store.memories.get(m.id, { reveal: true })!)
      .filter((m) => joined(String(m.fields.secret)).includes(core));

  /** Every other place the secret could still be read: kept text of every kind, and the vault's own words. */
  function readable(core: string): string[] {
    const db = store.db;
    const where: string[] = [];
    const has = (name: string, texts: string[]) => {
      if (texts.some((t) => joined(t).includes(core))) where.push(name);
    };
    const col = (sql: string) => db.prepare(sql).pluck().all() as string[];
    has('messages', [...col('SELECT text FROM messages'), ...col('SELECT raw FROM messages')]);
    has('threads', col('SELECT title FROM threads'));
    has('memories', col("SELECT title || ' ' || text || ' ' || details || ' ' || fields FROM memories WHERE kind <> 'knowledge_vault'"));
    has('memory_history', col("SELECT snapshot FROM memory_history WHERE snapshot NOT LIKE '%\"kind\":\"knowledge_vault\"%'"));
    has('graph_facts', col('SELECT statement || fact_key FROM graph_facts'));
    has('vault words', col("SELECT title || ' ' || text || ' ' || details FROM memories WHERE kind = 'knowledge_vault'"));
    return where;
  }

  /** As an older Engram kept them: in clear in a chat message, its thread's title, a memory (edited once) and a graph fact. */
  async function keptByOlderDetectors() {
    // The rent account went through the live brain when it was told: in the vault since, its message kept raw.
    const rentThread = store.threads.create('Rent', T - 86_400_000);
    const rentMessage = store.messages.insert({ thread_id: rentThread.id, role: 'user', text: `my rent goes to ${RENT} every month`, raw: { role: 'user', content: `my rent goes to ${RENT} every month` }, created_at: T - 86_400_000 });
    await brain.ingestMessages(rentThread.id);
    expect(vaulted(CORES.rent!)).toHaveLength(1);

    const thread = store.threads.create(`is ${KEY} the key for account ${IBAN}?`, T);
    const said = `From the bank letter: account ${IBAN}, and the shop key is ${KEY}.`;
    const message = store.messages.insert({ thread_id: thread.id, role: 'user', text: said, raw: { role: 'user', content: said }, created_at: T });
    store.db.prepare('UPDATE messages SET processed_at = ? WHERE id = ?').run(T, message.id);
    const memory = store.memories.insert({ kind: 'episodic', title: 'Set up the shop payouts', text: `Looked at the direct debit from account ${IBAN}; the shop's Stripe key is ${KEY}`, occurred_at: T, provenance: [{ source_type: 'message', source_id: message.id }] });
    store.memories.update(memory.id, { text: `Looked at the direct debit from account ${IBAN} (mandate NWE-55120); the shop's Stripe key is ${KEY}` }, 'merged new information');
    // A second note of the same key, read in the same batch as the first.
    store.memories.insert({ kind: 'episodic', title: 'Rotated nothing yet', text: `Checked that ${KEY} still takes payments`, occurred_at: T + 60_000, provenance: [{ source_type: 'message', source_id: message.id }] });
    // The rent account kept in a note as well, written without its spaces.
    const note = store.memories.insert({ kind: 'semantic', title: 'Landlord', text: `Rent account ${joined(RENT)} (landlord)`, occurred_at: T, provenance: [{ source_type: 'message', source_id: rentMessage.id }] });
    const shop = store.graph.upsertEntity({ name: 'Corner Shop', kind: 'organization', at: T });
    const fact = store.graph.addFact({ relation: 'pays_out_to', statement: `The shop's Stripe key ${KEY} pays out to account ${IBAN}`, occurred_at: T, confidence: 0.9, participants: [{ entity_id: shop, role: 'subject' }], sources: [memory.id] });
    store.db.prepare('UPDATE meta SET value = ? WHERE key = ?').run('0', REDACTION_VERSION_KEY);
    return { thread, message, memory, note, fact, rentMessage };
  }

  it('keeps each secret once in the vault, masked, citing where it was; nothing of it anywhere else', async () => {
    const kept = await keptByOlderDetectors();
    // The set-up holds the leaks, and the vault does not have the new shapes yet.
    expect(readable(KEY_BODY).sort()).toEqual(['graph_facts', 'memories', 'memory_history', 'messages', 'threads']);
    expect(readable(CORES.iban!).sort()).toEqual(['graph_facts', 'memories', 'memory_history', 'messages', 'threads']);
    expect(readable(CORES.rent!).sort()).toEqual(['memories', 'messages']);
    expect(vaulted(KEY_BODY)).toEqual([]);
    expect(vaulted(CORES.iban!)).toEqual([]);
    const rentBefore = vaulted(CORES.rent!)[0]!;

    const r = await brain.rescrub();
    expect(r.done).toBe(true);

    for (const [name, core] of Object.entries(CORES)) {
      expect(vaulted(core), name).toHaveLength(1);
      expect(readable(core), name).toEqual([]);
    }
    // Masked where it is shown, the value there when revealed.
    const key = vaulted(KEY_BODY)[0]!;
    expect(key.fields).toMatchObject({ entry_type: 'stripe_key', sensitivity: 'high', secret: KEY_BODY });
    expect(store.memories.get(key.id)!.fields.secret).not.toContain(KEY_BODY.slice(0, 6));
    const iban = vaulted(CORES.iban!)[0]!;
    expect(iban.fields).toMatchObject({ entry_type: 'iban', secret: IBAN });
    // Where it was and when: the note that held it first (its title), its day, the message it came from.
    for (const m of [key, iban]) {
      expect(m.text).toContain('"Set up the shop payouts"');
      expect(m.text).toContain('Mon 3 Mar 2025');
      expect(m.occurred_at).toBe(new Date(T).toISOString());
      expect(store.memories.provenance(m.id)).toEqual([{ source_type: 'message', source_id: kept.message.id }]);
    }
    // The account the live brain had vaulted is the same entry: cited by the note too, not stored again.
    const rent = vaulted(CORES.rent!)[0]!;
    expect(rent.id).toBe(rentBefore.id);
    expect(rent.fields.secret).toBe(RENT);
    expect(store.memories.provenance(rent.id)).toEqual([{ source_type: 'message', source_id: kept.rentMessage.id }]);

    // The kept text reads with markers where the values were.
    expect(store.messages.get(kept.message.id)!.text).toBe('From the bank letter: account [redacted:iban], and the shop key is sk live [redacted:stripe_key].');
    expect(store.graph.fact(kept.fact)!.statement).toBe("The shop's Stripe key sk live [redacted:stripe_key] pays out to account [redacted:iban]");

    // Counted and logged by number; nothing of a secret in the log.
    expect(r.kept).toBeGreaterThanOrEqual(10);
    expect(store.counters.get('redaction.rescrub.kept')).toBe(r.kept);
    expect(lines.join('\n')).toContain(`${r.kept} handed to the vault`);
    for (const core of Object.values(CORES)) expect(joined(lines.join('\n'))).not.toContain(core);
  });

  it('a second run adds nothing: the vault as it was, entry for entry', async () => {
    await keptByOlderDetectors();
    await brain.rescrub();
    const snapshot = () => store.db.prepare("SELECT id, version, fields, updated_at FROM memories WHERE kind = 'knowledge_vault' ORDER BY id").all();
    const history = () => store.db.prepare('SELECT count(*) FROM memory_history').pluck().get();
    const before = { vault: snapshot(), history: history() };
    // The same detectors again over everything (as after an import): nothing left to take out.
    store.db.prepare('UPDATE meta SET value = ? WHERE key = ?').run('0', REDACTION_VERSION_KEY);
    const again = await brain.rescrub();
    expect(again).toMatchObject({ done: true, changed: 0, masked: 0, kept: 0 });
    expect({ vault: snapshot(), history: history() }).toEqual(before);
  });

  it('a batch that fails half way leaves both sides as they were: the text in clear and no vault entry, or both done', async () => {
    const kept = await keptByOlderDetectors();
    const vaultCount = () => store.memories.count({ kinds: ['knowledge_vault'], includeSuperseded: true });
    const had = vaultCount();
    // The vault refuses (after the batch masked its rows), or the cursor's move fails (after the vault wrote).
    const faults = [
      "CREATE TEMP TRIGGER crash BEFORE INSERT ON memories WHEN NEW.kind = 'knowledge_vault' BEGIN SELECT RAISE(ABORT, 'crash'); END",
      "CREATE TEMP TRIGGER crash BEFORE INSERT ON meta WHEN NEW.key = 'redaction_rescrub' BEGIN SELECT RAISE(ABORT, 'crash'); END",
    ];
    for (const fault of faults) {
      store.db.exec(fault);
      await expect(brain.rescrub(), fault).rejects.toThrow(/crash/);
      store.db.exec('DROP TRIGGER crash');
      expect(vaultCount(), fault).toBe(had);
      expect(readable(KEY_BODY).sort(), fault).toEqual(['graph_facts', 'memories', 'memory_history', 'messages', 'threads']);
      expect(store.memories.get(kept.memory.id)!.text, fault).toContain(KEY);
      expect(store.rescrubDue).toBe(true);
    }
    await brain.rescrub();
    for (const core of Object.values(CORES)) {
      expect(vaulted(core)).toHaveLength(1);
      expect(readable(core)).toEqual([]);
    }
  });

  it("follows the user's switches: a category switched off is neither masked nor vaulted", async () => {
    await keptByOlderDetectors();
    const capture = defaultCaptureSettings();
    store.settings.set(CAPTURE_SETTINGS_KEY, CaptureSettingsSchema.parse({ ...capture, redaction: { ...capture.redaction, bank_accounts: false } }));
    const r = await brain.rescrub();
    expect(r.done).toBe(true);
    expect(vaulted(KEY_BODY)).toHaveLength(1);
    expect(readable(KEY_BODY)).toEqual([]);
    expect(vaulted(CORES.iban!)).toEqual([]);
    // Kept in clear where it was; the key's entry quotes its sentence as the notes now read it (as live chat's do).
    expect(readable(CORES.iban!).sort()).toEqual(['graph_facts', 'memories', 'memory_history', 'messages', 'threads', 'vault words']);
  });

  it('an entry the pass makes is logged for sync as one made live: created, in the same transaction', async () => {
    await keptByOlderDetectors();
    store.changes.enable();
    const logged = () => (store.db.prepare('SELECT record FROM sync_changes').pluck().all() as string[]).map((r) => JSON.parse(r) as { op: string; id?: string; reason?: string; memory?: { kind: string; fields: Record<string, unknown> } });
    const before = logged().length;
    await brain.rescrub();
    const key = vaulted(KEY_BODY)[0]!;
    const puts = logged()
      .slice(before)
      .filter((c) => c.op === 'memory.put' && c.id === key.id);
    // Created once (later citations change no synced column), its secret travelling as a live entry's does.
    expect(puts.map((c) => c.reason)).toEqual(['created']);
    expect(puts[0]!.memory).toMatchObject({ kind: 'knowledge_vault', fields: { entry_type: 'stripe_key', secret: KEY_BODY } });
  });

  it('a secret in a message reads as one told in chat; a thread title cites its first question', () => {
    // The hand-over alone, one row per batch: each place gives its own entry shape.
    const thread = store.threads.create(`is ${KEY} still live?`, T);
    const m = store.messages.insert({ thread_id: thread.id, role: 'user', text: `my wifi password is Kx4-Osprey-Granite-52 and the account is ${IBAN}`, raw: {}, created_at: T });
    store.db.prepare('UPDATE meta SET value = ? WHERE key = ?').run('0', REDACTION_VERSION_KEY);
    const vault = new KnowledgeVaultAgent(store, new TimeFormatter('UTC'));
    for (let i = 0; i < 50 && store.rescrubDue; i++) store.rescrubSlice(DEFAULT_REDACTION, 1, (found) => vault.recordRescrubbed(found, new MemoryWriter(store)));
    expect(store.rescrubDue).toBe(false);
    const wifi = store.memories.list({ kinds: ['knowledge_vault'], limit: 10 }).find((x) => x.fields.entry_type === 'password')!;
    expect(wifi.title).toBe('Password for wifi');
    expect(wifi.text).toBe('Password for wifi, told to Engram in chat on Mon 3 Mar 2025. Context: "my wifi password is [redacted:password] and the account is [redacted:iban]"');
    expect(wifi.fields).toMatchObject({ source: 'chat', secret: '••••••••' });
    expect(store.memories.provenance(wifi.id)).toEqual([{ source_type: 'message', source_id: m.id }]);
    const key = vaulted(KEY_BODY)[0]!;
    expect(key.text).toContain('Context: "is sk live [redacted:stripe_key] still live?"');
    expect(store.memories.provenance(key.id)).toEqual([{ source_type: 'message', source_id: m.id }]);
  });
});
