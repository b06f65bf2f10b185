import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildGraph } from '../../agents/graph/index.js';
import { DEFAULT_WALK, GraphWalk, openStore, StaticKeyProvider, type EngramStore } from '../../agents/store/index.js';

let dir = '';
let store: EngramStore | null = null;
afterEach(async () => {
  await store?.close();
  store = null;
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const T0 = Date.UTC(2026, 5, 1, 9);
const FIRST = ['Bruno', 'Carla', 'Dora', 'Elio', 'Fatima', 'Goran', 'Hana', 'Ivo', 'Jana'];
const LAST = ['Costa', 'Diaz', 'Lind', 'Okafor', 'Brandt', 'Novak', 'Sato', 'Weber', 'Moreau'];

/**
 * The walk reads each reached entity's newest memories in statements of up to 64 entities: with
 * more than that, each entity still gives the current memories among its newest mentions, and a
 * superseded memory is never one of them.
 */
describe('graph walk: the memories of many reached entities', () => {
  it('gives each of 81 neighbours its newest current memories (the first 64 in one statement, the rest in another)', async () => {
    dir = mkdtempSync(join(tmpdir(), 'engram-walk-many-'));
    const s = (store = await openStore({ dataDir: dir, keyProvider: new StaticKeyProvider(randomBytes(32)), embedder: null }));
    let i = 0;
    const say = (actor: string, text: string): string => {
      const at = T0 + i * 60_000;
      const m = s.memories.insert({ kind: 'episodic', text, fields: { event_type: 'message', actor }, occurred_at: at, segment: `s${i++}` });
      buildGraph(s, [{ id: m.id, kind: m.kind, title: m.title, text: m.text, fields: m.fields, at }]);
      return m.id;
    };
    const people = FIRST.flatMap((f) => LAST.map((l) => `${f} ${l}`));
    const newest = new Map<string, string[]>();
    for (const p of people) {
      const ids = [0, 1, 2].map((k) => say(p, `${p} reviewed the Atlas budget with Ana Souza (${k}).`));
      newest.set(p, ids.reverse());
    }
    // The newest memory of the first person is superseded: of its newest two, the walk gives the current one.
    const first = people[0]!;
    const [gone, ...kept] = newest.get(first)!;
    s.memories.update(gone!, { superseded_by: kept[0]! }, 'a newer version');
    const ana = s.graph.entitiesIn('Ana Souza')[0]!;
    const limits = { ...DEFAULT_WALK, hubShare: 1, hubMin: 100_000, facts: 1000, neighbours: 200, perNeighbour: 2, secondHop: 0 };
    const links = new GraphWalk(s.db).walk([ana.id], limits);
    const byEntity = new Map<string, string[]>();
    for (const l of links) byEntity.set(l.entity_id, [...(byEntity.get(l.entity_id) ?? []), l.memory_id]);
    const names = new Map(
      (s.db.prepare('SELECT id, name FROM entities WHERE id IN (SELECT value FROM json_each(?))').raw().all(JSON.stringify([...byEntity.keys()])) as [string, string][]),
    );
    // A memory is listed once, under the first entity that reached it: the Atlas budget, named in
    // them all, may take the newest two of the last person.
    const reachedPeople = [...byEntity.keys()].filter((id) => newest.has(names.get(id)!));
    expect(reachedPeople.length).toBeGreaterThanOrEqual(80);
    for (const id of reachedPeople) {
      const p = names.get(id)!;
      const want = p === first ? [kept[0]!] : newest.get(p)!.slice(0, 2);
      for (const m of byEntity.get(id)!) expect(want, p).toContain(m);
    }
    expect(byEntity.get([...names].find(([, n]) => n === first)![0])).toEqual([kept[0]]);
    expect(reachedPeople.filter((id) => byEntity.get(id)!.length === 2).length).toBeGreaterThanOrEqual(79);
    expect(links.some((l) => l.memory_id === gone)).toBe(false);
  });
});
