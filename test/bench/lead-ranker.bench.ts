/**
 * Fits the learned chooser of the lead line (agents/chat/line-ranker.ts):
 * `npm run bench -- lead-ranker --reuse DIR [--days 1,2,3,4,5,6,8] [--judge-day 12] [--save-rows FILE] [--rows FILE] [--write] [--json]`.
 *
 * For each development day (a kept screenqa capture in DIR/dayN, as `screenqa --reuse` asks it), every
 * question is asked offline with `engram ask --json --explain`: the answer's hand-written lead and each
 * candidate line of the passages it was given, with its features. A candidate is positive when it holds
 * what the question expects (screenqa's own `found`); an unanswerable question's lines are all negative.
 * A logistic regression (L2, class-balanced, plain gradient descent) is fitted and judged leave one day
 * out: for questions with a positive line, how often the top-scored line is one (top-1); for unanswerable
 * ones, how often the top score passes a threshold (a false statement). It then shows, per threshold, what
 * the chooser would change where the hand-written lead is open to it ("I don't know" or a guess), and picks
 * the thresholds: the lowest at which no unanswerable question and at most one wrong line would be stated
 * on the held-out days. --write writes agents/chat/line-ranker-weights.ts from a fit on every day.
 * --save-rows keeps the asked rows (JSON) so --rows can refit without asking again. Never run it on the
 * held-out days: their figures are the lead's to measure.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { ChatLeadExplainSchema } from '../../shared/api/index.js';
import { FEATURE_NAMES } from '../../agents/chat/line-features.js';
import { leadLineIndex, leadOpen } from '../../agents/chat/line-ranker.js';
import { askAsOf, newestTime } from './asked-clock.js';
import { cliInProcess } from './in-process-cli.js';
import { JSON_OUT, flag, log, opt } from './bench-args.js';

const root = resolve(import.meta.dirname, '..', '..');
const FIXTURES: Record<number, string> = {
  1: 'screenqa', 2: 'screenqa-day2', 3: 'screenqa-day3', 4: 'screenqa-day4', 5: 'screenqa-day5', 6: 'screenqa-day6', 8: 'screenqa-day8',
};
// A development day written this stop that no hand-written rule was tuned on: judged with --judge-day 12.
if (existsSync(join(root, 'test', 'fixtures', 'screenqa-day12', 'questions.json'))) FIXTURES[12] = 'screenqa-day12';

const Question = z.object({ q: z.string(), category: z.string(), expect: z.array(z.string()).default([]), forbid: z.array(z.string()).default([]) });
const Questions = z.object({ questions: z.array(Question) });
const AskJson = z.object({ answer: z.string(), explain: ChatLeadExplainSchema.optional() });

const Row = z.object({
  day: z.number().int(),
  q: z.string(),
  unanswerable: z.boolean(),
  lead: z.string(),
  /** The first line was already stating what was expected (screenqa's S). */
  stated: z.boolean(),
  candidates: z.array(z.object({ text: z.string(), features: z.array(z.number()), positive: z.boolean() })),
});
type Row = z.infer<typeof Row>;
const Rows = z.object({ features: z.array(z.string()), rows: z.array(Row) });

const norm = (s: string) => s.toLowerCase().replace(/\s+/g, ' ');
const found = (hay: string, want: string) => want.split('|').some((alt) => norm(hay).includes(norm(alt)));
const firstLine = (answer: string) => answer.split('\n').find((l) => l.trim()) ?? '';

async function askDay(day: number, base: string): Promise<Row[]> {
  const spec = Questions.parse(JSON.parse(readFileSync(join(root, 'test', 'fixtures', FIXTURES[day]!, 'questions.json'), 'utf8')));
  const dataDir = join(base, `day${day}`);
  const key = readFileSync(join(dataDir, 'bench.key'), 'utf8').trim();
  const env: NodeJS.ProcessEnv = { ...process.env, ENGRAM_DATA_DIR: dataDir, ENGRAM_KEY: key, ENGRAM_TZ: 'UTC' };
  delete env.ANTHROPIC_API_KEY;
  const ix = await cliInProcess(['index', '--json'], env);
  if (ix.code !== 0) throw new Error(`engram index failed on day ${day}: ${ix.err.trim()}`);
  const exp = await cliInProcess(['export', '--format', 'json'], env);
  const end = exp.code === 0 ? newestTime(exp.out) : null;
  const undo = end !== null ? askAsOf(end + 120_000) : null;
  const rows: Row[] = [];
  try {
    for (const q of spec.questions) {
      if (q.category === 'privacy') continue;
      const r = await cliInProcess(['ask', '--json', '--offline', '--wait-for-meaning', '--explain', q.q], env);
      const parsed = AskJson.safeParse(JSON.parse(r.out || '{}'));
      if (!parsed.success) {
        log(`  day ${day}: ask failed for "${q.q}": ${r.err.trim().slice(0, 200)}`);
        continue;
      }
      const unanswerable = q.category === 'unanswerable';
      const want = (text: string) => q.expect.every((e) => found(text, e)) && !q.forbid.some((f) => found(text, f));
      const ex = parsed.data.explain;
      rows.push({
        day,
        q: q.q,
        unanswerable,
        lead: ex?.lead ?? firstLine(parsed.data.answer),
        stated: want(firstLine(parsed.data.answer)),
        candidates: (ex?.candidates ?? []).map((c) => ({ text: c.text, features: c.features, positive: !unanswerable && want(c.text) })),
      });
    }
  } finally {
    undo?.();
  }
  log(`day ${day}: ${rows.length} questions, ${rows.reduce((a, r) => a + r.candidates.length, 0)} candidate lines, ${rows.filter((r) => r.candidates.some((c) => c.positive)).length} with a positive line`);
  return rows;
}

/** Solves A x = b (Gaussian elimination with partial pivoting; A is small and positive definite here). */
function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]!]);
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r]![c]!) > Math.abs(m[p]![c]!)) p = r;
    [m[c], m[p]] = [m[p]!, m[c]!];
    const piv = m[c]![c]! || 1e-12;
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const f = m[r]![c]! / piv;
      if (f) for (let k = c; k <= n; k++) m[r]![k]! -= f * m[c]![k]!;
    }
  }
  return m.map((row, i) => row[n]! / (row[i]! || 1e-12));
}

/**
 * Logistic regression, L2 (the bias unpenalised), each class weighing as much as the other, fitted by
 * Newton's method (a few dozen iterations of iteratively reweighted least squares: it converges where
 * plain gradient descent would still be moving).
 */
export function fit(rows: readonly Row[], iterations = 30, l2 = 1): number[] {
  const xs: number[][] = [];
  const ys: number[] = [];
  for (const r of rows) for (const c of r.candidates) {
    xs.push(c.features);
    ys.push(c.positive ? 1 : 0);
  }
  const d = FEATURE_NAMES.length;
  let w = new Array<number>(d).fill(0);
  const pos = ys.filter((y) => y === 1).length;
  const neg = ys.length - pos;
  if (!pos || !neg) return w;
  const wPos = ys.length / (2 * pos);
  const wNeg = ys.length / (2 * neg);
  for (let it = 0; it < iterations; it++) {
    const g = w.map((v, j) => (j === 0 ? 0 : l2 * v));
    const h = Array.from({ length: d }, (_, i) => Array.from({ length: d }, (_, j) => (i === j && i !== 0 ? l2 : 0)));
    for (let i = 0; i < xs.length; i++) {
      const x = xs[i]!;
      let z = 0;
      for (let j = 0; j < d; j++) z += w[j]! * x[j]!;
      const p = 1 / (1 + Math.exp(-z));
      const sw = ys[i] ? wPos : wNeg;
      const e = (p - ys[i]!) * sw;
      const v = p * (1 - p) * sw;
      for (let j = 0; j < d; j++) {
        g[j]! += e * x[j]!;
        if (!x[j]) continue;
        for (let k = 0; k < d; k++) h[j]![k]! += v * x[j]! * x[k]!;
      }
    }
    const step = solve(h, g);
    w = w.map((v, j) => v - step[j]!);
    if (Math.max(...step.map(Math.abs)) < 1e-6) break;
  }
  return w;
}

const score = (w: readonly number[], x: readonly number[]) => 1 / (1 + Math.exp(-x.reduce((a, v, j) => a + v * (w[j] ?? 0), 0)));

interface Judged {
  row: Row;
  top: number;
  topPositive: boolean;
  hasPositive: boolean;
  /** The hand-written lead is open to the chooser ("I don't know" or a guess). */
  open: boolean;
  /** The score of the line a sure lead states, when the lead quotes one (else null). */
  leadScore: number | null;
}

function judge(w: readonly number[], rows: readonly Row[]): Judged[] {
  return rows.map((row) => {
    let best = -1;
    let top = 0;
    row.candidates.forEach((c, i) => {
      const s = score(w, c.features);
      if (best < 0 || s > top) [best, top] = [i, s];
    });
    const hedged = /^Not sure it is what you asked/.test(row.lead);
    const open = leadOpen({ text: row.lead, cited: [], known: !hedged && !/^I don't know/.test(row.lead), hedged });
    const quoted = !open && !/^I don't know/.test(row.lead) ? leadLineIndex(row.lead, row.candidates.map((c) => c.text)) : -1;
    return {
      row,
      top,
      topPositive: best >= 0 && row.candidates[best]!.positive,
      hasPositive: row.candidates.some((c) => c.positive),
      open,
      leadScore: quoted >= 0 ? score(w, row.candidates[quoted]!.features) : null,
    };
  });
}

/** What stating at threshold t changes where the lead is open: questions won, answerable ones stated wrong, unanswerable ones stated, questions lost. */
function atThreshold(js: readonly Judged[], t: number) {
  const fired = js.filter((j) => j.open && j.top >= t);
  return {
    t,
    fired: fired.length,
    won: fired.filter((j) => !j.row.stated && j.topPositive).length,
    lost: fired.filter((j) => j.row.stated && !j.row.unanswerable && !j.topPositive).length,
    wrong: fired.filter((j) => !j.row.unanswerable && !j.topPositive).length,
    falseStates: fired.filter((j) => j.row.unanswerable).length,
  };
}

/** The bench's rule for thresholds, from held-out scores: state above every open question whose top line is wrong, unanswerable or already stated; guess above every unanswerable or stated one. */
function thresholdsOf(heldOut: readonly Judged[]): { state: number; hedge: number } {
  const open = heldOut.filter((j) => j.open);
  const above = (xs: readonly Judged[]) => Math.min(0.999, Math.max(0.5, ...xs.map((j) => j.top)) + 0.001);
  const state = Number(above(open.filter((j) => j.row.unanswerable || !j.topPositive || j.row.stated)).toFixed(4));
  const hedge = Number(Math.min(state, above(open.filter((j) => j.row.unanswerable || j.row.stated))).toFixed(4));
  return { state, hedge };
}

/** Where a sure lead quotes a line and the chooser's top line beats it by `margin` (and is not the same line's score). */
const overrides = (j: Judged, margin: number) => !j.open && j.leadScore !== null && j.top - j.leadScore >= margin;
const MARGINS = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9];

/** What overriding sure leads at a margin changes on held-out rows: won (unstated → stated), lost (stated → not), fired. */
function atMargin(js: readonly Judged[], margin: number) {
  const fired = js.filter((j) => overrides(j, margin));
  return {
    margin,
    fired: fired.length,
    won: fired.filter((j) => !j.row.stated && !j.row.unanswerable && j.topPositive).length,
    lost: fired.filter((j) => j.row.stated && (j.row.unanswerable || !j.topPositive)).length,
  };
}

/** The lowest margin at which held-out overrides lose no stated question and win one; null: never override a sure lead. */
function marginOf(heldOut: readonly Judged[]): number | null {
  for (const m of MARGINS) {
    const r = atMargin(heldOut, m);
    if (r.lost === 0 && r.won > 0) return m;
  }
  return null;
}

interface Policy {
  w: number[];
  state: number;
  hedge: number;
  margin: number | null;
}

/** A chooser fitted on `train` alone: its weights, and thresholds and margin from leave-one-day-out inside `train`. */
function policyOf(train: readonly Row[]): Policy {
  const heldOut: Judged[] = [];
  for (const d of [...new Set(train.map((r) => r.day))]) heldOut.push(...judge(fit(train.filter((r) => r.day !== d)), train.filter((r) => r.day === d)));
  const { state, hedge } = thresholdsOf(heldOut);
  return { w: fit(train), state, hedge, margin: marginOf(heldOut) };
}

/** Stated answerable and unanswerable-said counts of rows under (a) the rules alone, (b) rules + chooser on open leads, (c) (b) + overriding sure leads by the margin. */
function outcomes(p: Policy, rows: readonly Row[]) {
  const js = judge(p.w, rows);
  const tally = { n: 0, unanswerable: 0, a: [0, 0], b: [0, 0], c: [0, 0], bFired: 0, cFired: 0 };
  for (const j of js) {
    if (j.row.unanswerable) tally.unanswerable++;
    else tally.n++;
    const slot = j.row.unanswerable ? 1 : 0;
    // A line the chooser states is stated when it holds what was expected; for an unanswerable question it is a false statement.
    const chosen = j.row.unanswerable ? false : j.topPositive;
    const b = j.open && j.top >= p.hedge ? (j.top >= p.state ? chosen : j.row.stated) : j.row.stated;
    const c = p.margin !== null && overrides(j, p.margin) && j.top >= p.state ? chosen : b;
    if (j.open && j.top >= p.state) tally.bFired++;
    if (c !== b || (p.margin !== null && overrides(j, p.margin) && j.top >= p.state)) tally.cFired++;
    tally.a[slot]! += j.row.stated ? 1 : 0;
    tally.b[slot]! += b ? 1 : 0;
    tally.c[slot]! += c ? 1 : 0;
  }
  return tally;
}

const said = (t: ReturnType<typeof outcomes>, k: 'a' | 'b' | 'c') => `${t[k][0]}/${t.n} ${t[k][1]}/${t.unanswerable}`;

async function main(): Promise<void> {
  const days = (opt('days') ?? '1,2,3,4,5,6,8').split(',').map(Number);
  // A day judged by a policy fitted without it (never fitted on here, whatever --days says).
  const judged = opt('judge-day') ? Number(opt('judge-day')) : null;
  for (const d of [...days, ...(judged !== null ? [judged] : [])]) if (!FIXTURES[d]) throw new Error(`--days and --judge-day take development days only (${Object.keys(FIXTURES).join(', ')}), not ${d}`);
  const asked = [...new Set([...days, ...(judged !== null ? [judged] : [])])];
  let all: Row[];
  const rowsFile = opt('rows');
  if (rowsFile) {
    const kept = Rows.parse(JSON.parse(readFileSync(rowsFile, 'utf8')));
    if (kept.features.join() !== FEATURE_NAMES.join()) throw new Error(`${rowsFile} was asked with other features: ask again`);
    all = kept.rows.filter((r) => asked.includes(r.day));
  } else {
    const reuse = opt('reuse');
    if (!reuse) throw new Error('give --reuse DIR (kept captures in DIR/dayN, copies of them) or --rows FILE');
    all = [];
    for (const d of asked) all.push(...(await askDay(d, resolve(reuse))));
    const save = opt('save-rows');
    if (save) writeFileSync(save, JSON.stringify({ features: [...FEATURE_NAMES], rows: all }));
  }
  const rows = all.filter((r) => days.includes(r.day));

  // Leave one day out (of --days): each day judged by a fit on the others.
  const loo: Judged[] = [];
  log('\nleave one day out      answerable-with-line  top-1   unanswerable  top≥0.5');
  for (const d of days) {
    const w = fit(rows.filter((r) => r.day !== d));
    const js = judge(w, rows.filter((r) => r.day === d));
    loo.push(...js);
    const ans = js.filter((j) => j.hasPositive);
    const un = js.filter((j) => j.row.unanswerable);
    log(`day ${d}                  ${String(ans.length).padStart(4)}            ${String(ans.filter((j) => j.topPositive).length).padStart(4)}     ${String(un.length).padStart(4)}        ${String(un.filter((j) => j.top >= 0.5).length).padStart(4)}`);
  }
  const ans = loo.filter((j) => j.hasPositive);
  const openAns = ans.filter((j) => j.open);
  log(`all days: top-1 ${ans.filter((j) => j.topPositive).length}/${ans.length}; where the lead is open: top-1 ${openAns.filter((j) => j.topPositive).length}/${openAns.length}; open leads ${loo.filter((j) => j.open).length} (unanswerable ${loo.filter((j) => j.open && j.row.unanswerable).length})`);
  log('\nthreshold  fired  won  lost  wrong-line  unanswerable-stated   (held-out days, where the lead is open)');
  const grid = [0.5, 0.6, 0.7, 0.75, 0.8, 0.85, 0.9, 0.93, 0.95, 0.96, 0.97, 0.975, 0.98, 0.985, 0.99, 0.995];
  const table = grid.map((t) => atThreshold(loo, t));
  for (const r of table) log(`  ${r.t.toFixed(3)}    ${String(r.fired).padStart(4)} ${String(r.won).padStart(4)} ${String(r.lost).padStart(5)} ${String(r.wrong).padStart(10)} ${String(r.falseStates).padStart(12)}`);
  // State only above every held-out question where the chooser's line would be wrong or the question has no answer;
  // guess only above every unanswerable one (a wrong guess leaves an answerable question unstated, as "I don't know" did).
  const { state, hedge } = thresholdsOf(loo);
  const at = (t: number) => atThreshold(loo, t);
  log(`thresholds: state ≥ ${state} (${JSON.stringify(at(state))}), guess ≥ ${hedge} (${JSON.stringify(at(hedge))})`);

  log('\nsure leads overridden when the top line beats the quoted one by a margin (held-out days)');
  log('  margin  fired  won  lost');
  for (const m of MARGINS) {
    const r = atMargin(loo, m);
    log(`  ${m.toFixed(2)}    ${String(r.fired).padStart(4)} ${String(r.won).padStart(4)} ${String(r.lost).padStart(5)}`);
  }
  log(`sure leads that quote a line: ${loo.filter((j) => j.leadScore !== null).length} of ${loo.filter((j) => !j.open && !/^I don't know/.test(j.row.lead)).length}`);

  // Each day judged by a policy (weights, thresholds, margin) fitted without it: stated answerable and unanswerable said,
  // (a) the hand-written rules alone, (b) with the chooser where the lead is open, (c) also overriding sure leads.
  log('\nleave one day out, policy fitted without the day: stated answerable, unanswerable said');
  log('  day   (a) rules      (b) + chooser  (c) + override   thresholds state/hedge, margin');
  for (const d of asked) {
    const p = policyOf(rows.filter((r) => r.day !== d));
    const t = outcomes(p, all.filter((r) => r.day === d));
    log(`  ${String(d).padStart(3)}   ${said(t, 'a').padEnd(14)} ${said(t, 'b').padEnd(14)} ${said(t, 'c').padEnd(16)} ${p.state}/${p.hedge}, ${p.margin ?? 'off'}${days.includes(d) ? '' : '   (not in --days: never fitted on)'}`);
  }
  if (judged !== null && !days.includes(judged)) {
    // What the day would have given at other thresholds and margins: shown, never used to set them.
    const js = judge(policyOf(rows).w, all.filter((r) => r.day === judged));
    const withLine = js.filter((j) => j.hasPositive);
    log(`\nday ${judged}, fitted on days ${days.join(', ')}: top-1 ${withLine.filter((j) => j.topPositive).length}/${withLine.length} questions with a line that answers (the rules state ${withLine.filter((j) => j.row.stated).length} of them); the top line states ${js.filter((j) => !j.row.unanswerable && j.topPositive).length}/${js.filter((j) => !j.row.unanswerable).length} answerable if it led every answer`);
    log('  threshold  fired  won  lost  wrong-line  unanswerable-stated   (open leads)');
    for (const t of [0.5, 0.7, 0.8, 0.9, 0.95, 0.98]) {
      const r = atThreshold(js, t);
      log(`  ${t.toFixed(2)}       ${String(r.fired).padStart(4)} ${String(r.won).padStart(4)} ${String(r.lost).padStart(5)} ${String(r.wrong).padStart(10)} ${String(r.falseStates).padStart(12)}`);
    }
    log('  margin  fired  won  lost   (sure leads that quote a line)');
    for (const m of MARGINS) {
      const r = atMargin(js, m);
      log(`  ${m.toFixed(2)}    ${String(r.fired).padStart(4)} ${String(r.won).padStart(4)} ${String(r.lost).padStart(5)}`);
    }
  }

  const w = fit(rows);
  log(`\nweights (fit on days ${days.join(', ')}):`);
  FEATURE_NAMES.forEach((n, i) => log(`  ${n.padEnd(18)} ${w[i]!.toFixed(3)}`));
  if (flag('write')) {
    const file = join(root, 'agents', 'chat', 'line-ranker-weights.ts');
    mkdirSync(join(root, 'agents', 'chat'), { recursive: true });
    const date = new Date().toISOString().slice(0, 10);
    writeFileSync(
      file,
      `// Written by \`npm run bench -- lead-ranker --write --days ${days.join(',')}\` on ${date}; do not edit by hand.\n` +
        `// Leave one day out: top-1 ${ans.filter((j) => j.topPositive).length}/${ans.length} questions with a line that answers; thresholds chosen so that no unanswerable question is stated.\n` +
        `export const LINE_RANKER_WEIGHTS = {\n` +
        `  fitted: '${date}',\n` +
        `  days: [${days.join(', ')}] as number[],\n` +
        `  features: [${FEATURE_NAMES.map((n) => `'${n}'`).join(', ')}] as string[],\n` +
        `  weights: [${w.map((x) => x.toFixed(4)).join(', ')}] as number[],\n` +
        `  /** Above \`state\` the line is stated, above \`hedge\` offered as a guess; below, the hand-written lead stands. */\n` +
        `  thresholds: { state: ${state}, hedge: ${hedge} },\n` +
        `};\n`,
    );
    log(`wrote ${file.slice(root.length + 1)}`);
  }
  if (JSON_OUT) console.log(JSON.stringify({ days, loo: { answerable: ans.length, top1: ans.filter((j) => j.topPositive).length }, thresholds: { state, hedge }, table, weights: w }));
}

main().catch((err: unknown) => {
  console.error(`lead-ranker: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 2;
});
