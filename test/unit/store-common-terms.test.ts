import Database from 'better-sqlite3-multiple-ciphers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CommonTerms, DEFAULT_COMMON, orTerms, type Bm25Batch, type Bm25Row } from '../../agents/store/common-terms.js';

/**
 * Common query words add their BM25 part but select no rows (common-terms.ts). A hand-built index
 * with the memory table's columns and tokenizer: "project" is in most rows, "atlas" and "lisbon" in
 * a few, some with "project" and some without, of different lengths and in different columns.
 */
const SQL = `SELECT rowid, bm25(memory_fts, 2.0, 1.0, 0.3) AS s FROM memory_fts WHERE memory_fts MATCH ? ORDER BY s LIMIT ?`;

describe('common terms select no candidates', () => {
  let db: Database.Database;
  let run: (m: string, limit: number) => Bm25Row[];
  let next = 1;
  const add = (title: string, body: string, context = ''): number => {
    db.prepare('INSERT INTO memory_fts(rowid, title, body, context) VALUES (?, ?, ?, ?)').run(next, title, body, context);
    return next++;
  };

  beforeEach(() => {
    db = new Database(':memory:');
    db.exec(`CREATE VIRTUAL TABLE memory_fts USING fts5(title, body, context, tokenize='porter unicode61 remove_diacritics 2')`);
    const stmt = db.prepare(SQL).raw();
    run = (m, limit) => stmt.all(m, limit) as Bm25Row[];
    next = 1;
    const filler = ['weekly notes on the garden', 'budget spreadsheet for the quarter', 'call with the landlord about heating', 'reading list and podcasts'];
    // 20 rows with "project" (some twice, some in the title), 40 without.
    for (let i = 0; i < 60; i++) {
      const words = filler[i % filler.length]!;
      if (i < 20) add(i % 7 === 0 ? 'Project review' : 'Notes', i % 3 === 0 ? `${words} project project` : `the project ${words} ${'more words '.repeat(i % 5)}`);
      else add('Notes', words);
    }
    // Rare words: alone, with "project", in the title, in the context column, short and long rows.
    add('Atlas', 'launch plan for atlas');
    add('Notes', 'atlas project kickoff with the project team');
    add('Notes', `atlas slides ${'padding words '.repeat(12)}`);
    add('Notes', 'project lisbon trip and the project budget', 'atlas before this');
    add('Lisbon', 'flights to lisbon');
    add('Notes', 'lisbon lisbon hotel project');
    add('Notes', `lisbon ${'long trip diary '.repeat(20)} project`);
    add('Notes', `${'weekly notes on the garden '.repeat(6)}`, 'atlas at the end of the one before');
  });
  afterEach(() => db.close());

  const rareRows = (m: string): Set<number> => new Set(run(m, 1000).map((r) => r[0]));

  it('below the floor, or when no term is common enough, the query is asked as it is', () => {
    const terms = new CommonTerms(db);
    expect(terms.limits).toEqual(DEFAULT_COMMON);
    // "kickoff" is in one row, "project" in 24 of 68: a split above the floor, but not below it.
    for (const match of ['"project" OR "atlas" OR "lisbon"', '"project" OR "kickoff"']) {
      expect(terms.split(match)).toBeNull();
      expect(terms.best(match, 5, run)).toEqual(run(match, 5));
      expect(terms.best(match, 500, run)).toEqual(run(match, 500));
    }
    const match = '"project" OR "atlas" OR "lisbon"';
    // Above the floor, but "project" (in 24 of 68 rows) under a share of 70%.
    terms.limits = { ...DEFAULT_COMMON, floor: 20, share: 0.7 };
    expect(terms.split(match)).toBeNull();
    expect(terms.best(match, 500, run)).toEqual(run(match, 500));
    expect(terms.splits).toBe(0);
  });

  it('above both, rows with a rare word rank as the whole query ranks them, with the common word’s part added', () => {
    const terms = new CommonTerms(db);
    terms.limits = { ...DEFAULT_COMMON, floor: 20, share: 0.3 };
    const match = '"project" OR "atlas" OR "lisbon"';
    expect(terms.split(match)).toEqual({ rare: '"atlas" OR "lisbon"', both: '("atlas" OR "lisbon") AND ("project")', common: ['project'] });

    const rare = rareRows('"atlas" OR "lisbon"');
    expect(rare.size).toBe(8);
    const whole = run(match, 1000);
    expect(whole.length).toBe(28);
    // The whole query's order among the rows with a rare word, and its scores (summed in another order).
    const expected = whole.filter(([seq]) => rare.has(seq));
    const got = terms.best(match, 500, run);
    expect(got.map((r) => r[0])).toEqual(expected.map((r) => r[0]));
    got.forEach(([, s], i) => expect(s).toBeCloseTo(expected[i]![1], 12));
    // Rows with only the common word are not candidates, though some outrank rows with a rare word.
    expect(got.some(([seq]) => !rare.has(seq))).toBe(false);
    const worstRare = Math.max(...expected.map((r) => r[1]));
    expect(whole.some(([seq, s]) => !rare.has(seq) && s < worstRare)).toBe(true);
    // The common word's part is there: rows with "project" score better than by the rare words alone.
    const rareOnly = new Map(run('"atlas" OR "lisbon"', 1000));
    const withProject = rareRows('"project" AND ("atlas" OR "lisbon")');
    expect(withProject.size).toBe(4);
    for (const [seq, s] of got) {
      if (withProject.has(seq)) expect(s).toBeLessThan(rareOnly.get(seq)! - 0.01);
      else expect(s).toBe(rareOnly.get(seq));
    }
    // With a limit below the rare rows: the best of them, still in the whole query's order.
    expect(terms.best(match, 3, run).map((r) => r[0])).toEqual(expected.slice(0, 3).map((r) => r[0]));
    expect(terms.splits).toBe(2);
  });

  it('bestSoon (statements answered later) gives what best gives, asking both statements of a split in one batch, the AND marked whole', async () => {
    const terms = new CommonTerms(db);
    terms.limits = { ...DEFAULT_COMMON, floor: 20, share: 0.3 };
    const asked: string[][] = [];
    const later: Bm25Batch = async (asks, limit) => {
      asked.push(asks.map((a) => `${a.match}${a.whole ? ' (whole)' : ''}`));
      await Promise.resolve();
      return asks.map((a) => run(a.match, limit));
    };
    for (const match of ['"project" OR "atlas" OR "lisbon"', '"atlas" OR "kickoff"', '"project"']) {
      for (const limit of [3, 500]) expect(await terms.bestSoon(match, limit, later)).toEqual(terms.best(match, limit, run));
    }
    expect(asked[0]).toEqual(['"atlas" OR "lisbon"', '("atlas" OR "lisbon") AND ("project")' + ' (whole)']);
    // Asked as it is: split by the runner as any statement.
    expect(asked.at(-1)).toEqual(['"project"']);
  });

  it('when every term is common, the rows with them all; one term, or anything but a plain OR of words, is asked as it is', () => {
    const terms = new CommonTerms(db);
    terms.limits = { ...DEFAULT_COMMON, floor: 20, share: 0.25 };
    for (let i = 0; i < 5; i++) add('Notes', 'the garden again');
    // "project" (24 rows) and "garden" (21) are both common now: nothing rarer selects, so both must be there.
    const match = '"project" OR "garden"';
    expect(terms.split(match)).toEqual({ rare: null, both: '"project" AND "garden"', common: ['project', 'garden'] });
    const all = rareRows('"project" AND "garden"');
    expect(all.size).toBe(5);
    const expected = run(match, 1000).filter(([seq]) => all.has(seq));
    const got = terms.best(match, 10, run);
    expect(got.map((r) => r[0])).toEqual(expected.map((r) => r[0]));
    got.forEach(([, s], i) => expect(s).toBeCloseTo(expected[i]![1], 12));
    expect(terms.split('"project"')).toBeNull();
    for (const m of ['"project atlas" OR "lisbon"', 'proj* OR "atlas"', 'title : "project" OR "atlas"', '"project" AND "atlas"', 'NEAR("project" "atlas")']) {
      expect(orTerms(m), m).toBeNull();
      expect(terms.split(m), m).toBeNull();
    }
    expect(terms.split('"project" OR "atlas"')?.common).toEqual(['project']);
  });

  it('a costly term under the share is scored apart only while the rarer terms still select enough rows', () => {
    const terms = new CommonTerms(db);
    const match = '"project" OR "atlas" OR "lisbon"';
    // "project" (24 of 68 rows) is under the share's bar (34); "atlas" (5 rows) and "lisbon" (4) select 9.
    terms.limits = { ...DEFAULT_COMMON, floor: 20, share: 0.5, cap: 20, fill: 9 };
    expect(terms.split(match)).toEqual({ rare: '"atlas" OR "lisbon"', both: '("atlas" OR "lisbon") AND ("project")', common: ['project'] });
    const rare = rareRows('"atlas" OR "lisbon"');
    const expected = run(match, 1000).filter(([seq]) => rare.has(seq));
    const got = terms.best(match, 500, run);
    expect(got.map((r) => r[0])).toEqual(expected.map((r) => r[0]));
    got.forEach(([, s], i) => expect(s).toBeCloseTo(expected[i]![1], 12));
    // Too few rows from the rarer terms, or a term cheaper than the cap: asked as it is.
    terms.limits = { ...DEFAULT_COMMON, floor: 20, share: 0.5, cap: 20, fill: 10 };
    expect(terms.split(match)).toBeNull();
    terms.limits = { ...DEFAULT_COMMON, floor: 20, share: 0.5, cap: 25, fill: 9 };
    expect(terms.split(match)).toBeNull();
    // The rarest term always selects: "lisbon" alone is not enough to let "atlas" go too.
    terms.limits = { ...DEFAULT_COMMON, floor: 20, share: 0.5, cap: 4, fill: 4 };
    expect(terms.split(match)?.common).toEqual(['project', 'atlas']);
    expect(terms.split('"atlas" OR "lisbon"')?.common).toEqual(['atlas']);
    terms.limits = { ...DEFAULT_COMMON, floor: 20, share: 0.5, cap: 4, fill: 5 };
    expect(terms.split('"atlas" OR "lisbon"')).toBeNull();
  });

  it('a term from `alone` rows is scored apart even when the rarer terms select few rows; the rarest still selects', () => {
    const terms = new CommonTerms(db);
    const match = '"project" OR "atlas" OR "lisbon"';
    // "project" (24 rows) is under the bar (34) and "atlas" + "lisbon" select 9 rows, under a fill of 10: asked as it is...
    terms.limits = { ...DEFAULT_COMMON, floor: 20, share: 0.5, cap: 6, fill: 10, alone: 25 };
    expect(terms.split(match)).toBeNull();
    // ...unless "project" has `alone` rows: then it selects nothing, whatever the rest select.
    terms.limits = { ...DEFAULT_COMMON, floor: 20, share: 0.5, cap: 6, fill: 10, alone: 24 };
    expect(terms.split(match)).toEqual({ rare: '"atlas" OR "lisbon"', both: '("atlas" OR "lisbon") AND ("project")', common: ['project'] });
    const rare = rareRows('"atlas" OR "lisbon"');
    const expected = run(match, 1000).filter(([seq]) => rare.has(seq));
    const got = terms.best(match, 500, run);
    expect(got.map((r) => r[0])).toEqual(expected.map((r) => r[0]));
    got.forEach(([, s], i) => expect(s).toBeCloseTo(expected[i]![1], 12));
    // Under the cap a term always selects; and the rarest term selects, however many rows it has.
    terms.limits = { ...DEFAULT_COMMON, floor: 20, share: 0.5, cap: 30, fill: 10, alone: 4 };
    expect(terms.split(match)).toBeNull();
    terms.limits = { ...DEFAULT_COMMON, floor: 20, share: 0.5, cap: 4, fill: 10, alone: 4 };
    expect(terms.split(match)?.common).toEqual(['project', 'atlas']);
    expect(terms.split('"project" OR "atlas"')?.common).toEqual(['project']);
  });

  it('counts a frequent term only as far as the split needs', () => {
    const terms = new CommonTerms(db);
    const match = '"project" OR "atlas" OR "lisbon"';
    // The rarer terms (5 + 4 rows) reach `fill`: "project" is apart once it has `cap` rows, however many more it has.
    terms.limits = { ...DEFAULT_COMMON, floor: 20, share: 0.5, cap: 6, fill: 4 };
    expect(terms.split(match)?.common).toEqual(['project']);
    expect(terms.rowsCounted).toBe(6 + 5 + 4);
    // Kept: asked again, nothing is counted.
    expect(terms.split(match)?.common).toEqual(['project']);
    expect(terms.rowsCounted).toBe(15);
    // They do not reach a `fill` of 10: "project" is counted to 10, then up to the bar (34): all 24 of its rows.
    terms.limits = { ...DEFAULT_COMMON, floor: 20, share: 0.5, cap: 6, fill: 10 };
    expect(terms.split(match)).toBeNull();
    expect(terms.rowsCounted).toBe(15 + 10 + 24);
  });

  it('keeps a count until the row count moves by more than 1%', () => {
    const terms = new CommonTerms(db);
    terms.limits = { ...DEFAULT_COMMON, floor: 20, share: 0.5 };
    // "lisbon" (4 rows) is rare; then it is put in 40 more rows with the row count unchanged: still counted rare.
    expect(terms.split('"lisbon" OR "atlas"')).toBeNull();
    db.prepare(`UPDATE memory_fts SET body = body || ' lisbon' WHERE rowid <= 40`).run();
    expect(terms.split('"lisbon" OR "atlas"')).toBeNull();
    // 68 -> 70 rows: the counts are taken again, and "lisbon" (44 of 70) is common.
    add('Notes', 'one more');
    add('Notes', 'and another');
    expect(terms.split('"lisbon" OR "atlas"')?.common).toEqual(['lisbon']);
  });
});
