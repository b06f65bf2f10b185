/**
 * Screen-day QA benchmark: `npm run bench -- screenqa [--day 1|2|3|4|5|6|7|8|9|10|11|12] [--json] [--keep DIR] [--reuse DIR] [--dwell S] [--only N,N] [--misses] [--no-index]`.
 *
 * Twelve scripted working days, each shown page after page in Chromium app windows on a private Xvfb
 * display while the product's own CLI captures (`engram capture --watch`, a child process: OCR,
 * redaction, privacy gate, brain), each into its own data folder:
 * - day 1 (test/fixtures/screenqa: 24 pages of our own, work and personal, light and dark, 44 questions);
 * - day 2 (test/fixtures/screenqa-day2: 16 pages written apart from the answer code — a spreadsheet
 *   grid, forms with labels above their boxes, settings panes, a chat app, a week calendar, a kanban
 *   board, a dark terminal — asked with words other than the screens' labels, and questions nothing on
 *   screen answers). Day 2 is a held-out check: never tune the answer code against it;
 * - day 3 (test/fixtures/screenqa-day3: 16 pages, the development day for the answer code — a helpdesk
 *   table, an HR profile with labels above their boxes, a dark week calendar, a dark terminal with
 *   kubectl output, a receipt, dark VPN settings, a dark chat, an invoice, a car-hire booking, a gym
 *   timetable grid, a wiki runbook, contact cards, library loans, lab results, a file listing, a dark
 *   pull request — asked in other words than the labels, with four questions nothing answers);
 * - day 4 (test/fixtures/screenqa-day4: 16 pages written apart from the answer code, a second development
 *   day that tests whether rules tuned on day 3 carry over — pharmacy refill cards, a school timetable with
 *   merged headers, a parcel tracker with values under their labels, a spreadsheet with merged headers, an
 *   e-mail thread in German and one in French, a dark code review, bike directions beside a map, router
 *   settings with labels right of their values, a family chat in Spanish, an energy bill, garage cards, dark
 *   concert tickets, a dark jobs dashboard in a small monospace font, an insurance claim form, a help article —
 *   asked in other words than the labels, with near misses nothing on screen answers);
 * - day 5 (test/fixtures/screenqa-day5: 16 pages written apart from the answer code and never tuned on, one
 *   engineer's Thursday — a calendar day view, a dark on-call chat thread, an issue tracker with its fields
 *   in a sidebar, a dark CI run log, a dark metrics dashboard of tiles, an OKR doc with tables, a payslip, a
 *   grocery order, a bank transfer, a rental listing, a hotel booking in Portuguese, a flight booking, a GP's
 *   patient portal, a recipe, a dark podcast player, a support chat — asked as a person would, not in the
 *   screens' words, with six near misses and an IBAN, a live API key and a passport number on screen);
 * - day 6 (test/fixtures/screenqa-day6: 14 pages written apart from the answer code and never tuned on, a
 *   second held-out check that answers generalise — a logistics planner's Wednesday: a three-pane mail
 *   client, a dispatch spreadsheet with column letters and Dutch number formats, a route planner beside a
 *   map, a carrier's order confirmation in German, a team chat, a dark shift rota grid, a PDF invoice, a
 *   device settings profile with labels left of their values, a fuel card statement, a damage form with
 *   labels above their boxes, a stock table, a wiki procedure, a youth football schedule and a ferry
 *   booking in Italian — asked as a person would, with five near misses, and a revealed Wi-Fi password
 *   and a full card number on screen);
 * - day 7 (test/fixtures/screenqa-day7: 19 pages written apart from the answer code and never tuned on, a
 *   third held-out check — a maths teacher's Tuesday who also lets a flat in Lyon: a webmail reading pane,
 *   a dark week calendar grid, a dark staff chat, a spreadsheet with column letters, a parents' portal form
 *   with labels above their boxes, a bank statement table, a PDF letter in French, an online order, a
 *   recipe, a dark terminal with pytest output, dark auto-reply settings, a vet booking with labels beside
 *   their values, a holiday-let booking in Spanish, a route beside a map, a support case, an e-mail in
 *   German, a dark forum thread and an e-mail in Italian — asked as a person would, with six near misses,
 *   an IBAN and a token in a git remote on screen, and an incognito password vault the gate excludes);
 * - day 8 (test/fixtures/screenqa-day8: 20 pages written apart from the answer code and never tuned on, a
 *   fourth held-out check — a ward nurse's day who is moving house and plays in an evening netball league: a
 *   staff roster grid with a shift key, a dark ward group chat, a removals quote, a broadband home-move page,
 *   a pharmacy repeat-prescription table, a garage booking with labels beside their values, a budget
 *   spreadsheet with column letters, a council tax bill as a PDF, a thermostat help article in German, a dark
 *   energy move-out form with labels above their boxes, a card checkout, a letting listing, an InPrivate
 *   password vault the gate excludes, an insurance renewal, a recipe in Spanish, a dark training compliance
 *   table, a dark messenger, a train booking with three legs, a ferry booking in French and a dark league
 *   table — asked as a person would, with seven near misses, a card number and a revealed Wi-Fi key on screen);
 * - day 9 (test/fixtures/screenqa-day9: 20 pages written apart from the answer code and never tuned on, a
 *   fifth held-out check — a self-employed electrician's Monday who coaches an under-10s football team: a jobs
 *   diary week grid, a dark messenger, a wholesaler's trade-counter order, a quote form with labels above their
 *   boxes, a dark van lease account, a supplier's e-mail in German, a tax statement as a PDF, a VAT spreadsheet
 *   with column letters, a help article with numbered steps, an incognito password vault the gate excludes, a
 *   dark league fixtures table, a parents' volunteer rota grid, a garage booking with labels beside their values,
 *   a pharmacy repeat-prescription table, a broadband account, a holiday-cottage booking in French, a dark chat in
 *   Spanish, an insurance renewal with a card form, an invoice as a PDF and a dark recipe — asked as a person
 *   would, with eight near misses, a card number and an IBAN on screen);
 * - day 10 (test/fixtures/screenqa-day10: 20 pages written apart from the answer code and never tuned on, a
 *   sixth held-out check — a café owner's Monday who caters a wedding and plays five-a-side: a staff rota grid,
 *   a dark staff messenger, a wholesaler's order table, a dark card-payouts table, a council hygiene report as
 *   a PDF, an e-mail, a costing spreadsheet with column letters, a supplier's e-mail in Italian, a dark
 *   broadband account, a help article with numbered steps, an incognito password vault the gate excludes, an
 *   international payment form with labels above their boxes, a garage booking with labels beside their values,
 *   a repeat-prescription table, a dark league table, a product page in German, a ferry booking in French with
 *   two legs, an insurance renewal with a card form, a dark recipe and a shop-unit listing — asked as a person
 *   would, with seven near misses, a card number and an IBAN on screen);
 * - day 11 (test/fixtures/screenqa-day11: 20 pages written apart from the answer code and never tuned on, a
 *   seventh held-out check — a marine-ecology PhD student's Monday organising a conference trip to Trieste:
 *   an instrument booking grid, a dark flat-share messenger, an acceptance e-mail in Italian, a travel booking
 *   with five legs, a travel-award spreadsheet with column letters, a dark shared bibliography, a dark CI log,
 *   a conference registration with labels beside their values, a help article with numbered steps, a
 *   repeat-prescription table, an InPrivate window the gate excludes, a dark broadband account, a short-let
 *   listing, an e-mail in Spanish, a product page in German, a dark netball fixtures table, a garage booking,
 *   a council-tax letter as a PDF, an insurance renewal with a card form and a dark recipe — asked as a person
 *   would, with near misses, an IBAN, a card number and an API key on screen);
 * - day 12 (test/fixtures/screenqa-day12: 20 pages written apart from the answer code, a development day for
 *   the learned chooser of the answer line — a retired couple's Monday planning a Mediterranean cruise and
 *   caring for her mother: a home-care visit grid, a dark family messenger, a repeat-prescription table, a
 *   cruise itinerary table, an e-mail in Italian, an insurance renewal with a card form, a garage booking with
 *   labels beside their values, a dark budget spreadsheet with column letters, a help article with numbered
 *   steps, an incognito password vault the gate excludes, a train booking with four legs, a dark broadband
 *   account, a council letter as a PDF, a dark bowls league table, a product page in German, a recipe in
 *   Spanish, a care-home form with labels above their boxes, a dark cruise app, a retirement-flat listing and
 *   a parcel tracker — asked as a person would, with seven near misses, a card number and an IBAN on screen).
 * Then `engram index` gives every screen passage its vector, as the app does in the background while it
 * runs (--no-index skips it: the questions start from the keyword-only state a terminal capture leaves, and each ask keeps the batch of passage vectors it embeds, as a terminal user's asks do), and each day's questions.json is asked through the CLI's own entry (`engram ask --json --offline`,
 * runCli in this process: same code, without a process start per question), and scored on what the
 * user sees:
 * - hit: the expected text is in the answer or the retrieved text (the right screen was found);
 * - answer: it is anywhere in the answer (its evidence lines included);
 * - stated: it is in the answer's first line, the sentence that answers (not the screen lines under it).
 * Unanswerable questions expect the answer to say it does not know. Privacy questions score when
 * nothing forbidden comes back; every output (and `engram search --json` for the privacy questions)
 * is scanned for the day's secrets and for text of the excluded (private) window.
 *
 * Prints a per-category table per day and one JSON line {days: {"1": …, …, "12": …}}; exits 1 when a
 * target is missed: day 1 hit >= 95% and answer >= 85% (38/40 and 34/40 as in issue 15); day 2 stated
 * >= 85% of the answerable questions (issue 30), and so are days 3, 4, 5, 6, 7, 8, 9, 10, 11 and 12; no leak. Needs Xvfb, openbox, xdotool and chromium;
 * builds dist/ first (`npm run build:node`) unless --no-build. --keep DIR keeps each day's data
 * in DIR/day1 … DIR/day12; --reuse DIR skips the capture and asks again on them (keys in DIR/dayN/bench.key).
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { askAsOf, newestTime } from './asked-clock.js';
import { cliInProcess } from './in-process-cli.js';
import { captureScreenDay } from './screen-day.js';
import { JSON_OUT, flag, log, opt } from './bench-args.js';

const root = resolve(import.meta.dirname, '..', '..');
const DAYS = {
  1: join(root, 'test', 'fixtures', 'screenqa'),
  2: join(root, 'test', 'fixtures', 'screenqa-day2'),
  3: join(root, 'test', 'fixtures', 'screenqa-day3'),
  4: join(root, 'test', 'fixtures', 'screenqa-day4'),
  5: join(root, 'test', 'fixtures', 'screenqa-day5'),
  6: join(root, 'test', 'fixtures', 'screenqa-day6'),
  7: join(root, 'test', 'fixtures', 'screenqa-day7'),
  8: join(root, 'test', 'fixtures', 'screenqa-day8'),
  9: join(root, 'test', 'fixtures', 'screenqa-day9'),
  10: join(root, 'test', 'fixtures', 'screenqa-day10'),
  11: join(root, 'test', 'fixtures', 'screenqa-day11'),
  12: join(root, 'test', 'fixtures', 'screenqa-day12'),
} as const;
type Day = keyof typeof DAYS;
const DWELL_S = Number(opt('dwell') ?? '9');

const Question = z.object({
  q: z.string().min(1),
  category: z.enum(['temporal', 'event', 'fact', 'procedure', 'resource', 'contact', 'privacy', 'unanswerable']),
  /** Every entry must be found; "a|b" means either. */
  expect: z.array(z.string().min(1)).default([]),
  /** Must not be found anywhere in what comes back. */
  forbid: z.array(z.string().min(1)).default([]),
});
const Questions = z.object({
  /** Strings that must never appear in any output: secrets on screen, the excluded window's text. */
  secrets: z.array(z.string().min(1)),
  questions: z.array(Question).min(30),
});
type Question = z.infer<typeof Question>;

const AskJson = z.object({
  answer: z.string(),
  retrieved: z.array(z.object({ title: z.string(), text: z.string(), passages: z.array(z.object({ text: z.string() })).optional() }).passthrough()),
});

process.on('SIGINT', () => process.exit(130));

const norm = (s: string) => s.toLowerCase().replace(/\s+/g, ' ');
const found = (hay: string, want: string) => want.split('|').some((alt) => norm(hay).includes(norm(alt)));



interface Scored {
  q: Question;
  hit: boolean;
  answerOnly: boolean;
  stated: boolean;
  leaks: string[];
  answer: string;
}

interface DayResult {
  n: number;
  hit: number;
  answer_only: number;
  /** Answerable questions (not privacy, not unanswerable) and how many of them the first line states. */
  answerable: number;
  stated: number;
  unanswerable: { n: number; stated: number };
  by_category: Record<string, { n: number; hit: number; answer_only: number; stated: number }>;
  privacy_leaks: number;
  data_dir: string | null;
}

/** The sentence that answers: the answer's first non-empty line. */
const firstLine = (answer: string) => answer.split('\n').find((l) => l.trim()) ?? '';

async function runDay(day: Day): Promise<DayResult> {
  const fixtures = DAYS[day];
  const spec = Questions.parse(JSON.parse(readFileSync(join(fixtures, 'questions.json'), 'utf8')));
  const reuse = opt('reuse');
  const base = reuse ? resolve(reuse) : opt('keep') ? resolve(opt('keep')!) : null;
  const dataDir = base ? join(base, `day${day}`) : mkdtempSync(join(tmpdir(), `screenqa-day${day}-`));
  mkdirSync(dataDir, { recursive: true });
  const keyFile = join(dataDir, 'bench.key');
  const key = reuse ? readFileSync(keyFile, 'utf8').trim() : randomBytes(32).toString('hex');
  if (!reuse) writeFileSync(keyFile, key, { mode: 0o600 });
  const env: NodeJS.ProcessEnv = { ...process.env, ENGRAM_DATA_DIR: dataDir, ENGRAM_KEY: key, ENGRAM_TZ: 'UTC' };
  delete env.ANTHROPIC_API_KEY;

  log(`— day ${day} (${fixtures.slice(root.length + 1)})`);
  if (!reuse) {
    log(`capturing day ${day} into ${dataDir} (${DWELL_S}s per page) …`);
    const t0 = Date.now();
    await captureScreenDay(join(fixtures, 'pages'), env, { dwellS: DWELL_S, log, verbose: !JSON_OUT && flag('verbose') });
    log(`  captured in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  }
  // What the app has done by the time its user asks: every passage embedded in the background while
  // it ran (capture --watch leaves that to the next process with an encoder). --no-index starts on the
  // keyword-only state, to compare (each ask keeps the batch of passage vectors it embeds).
  if (!flag('no-index')) {
    const t0 = Date.now();
    const ix = await cliInProcess(['index', '--json'], env);
    if (ix.code !== 0) throw new Error(`engram index failed: ${ix.err.trim() || ix.out.trim()}`);
    log(`index: ${ix.out.trim()} (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
  }
  // A kept capture from an earlier day is asked as of that day, two minutes after it ended: "today"
  // and "this morning" mean the captured day, as they did for its user.
  let undoClock: (() => void) | null = null;
  if (reuse) {
    const exp = await cliInProcess(['export', '--format', 'json'], env);
    const end = exp.code === 0 ? newestTime(exp.out) : null;
    if (end !== null && new Date(end).toISOString().slice(0, 10) !== new Date().toISOString().slice(0, 10)) {
      undoClock = askAsOf(end + 120_000);
      log(`asking as of ${new Date().toISOString()} (the kept capture ended ${new Date(end).toISOString()})`);
    }
  }
  const stats = await cliInProcess(['stats', '--json'], env);
  log(`store: ${stats.out.trim().slice(0, 400)}`);

  const only = opt('only')?.split(',').map(Number);
  const scored: Scored[] = [];
  const outputs: string[] = [];
  for (const [i, q] of spec.questions.entries()) {
    if (only && !only.includes(i + 1)) continue;
    // Quality, not latency: every question gets the full hybrid, as in a process whose encoder is warm.
    const r = await cliInProcess(['ask', '--json', '--offline', '--wait-for-meaning', q.q], env);
    let answer = '';
    let seen = '';
    const parsed = AskJson.safeParse(JSON.parse(r.out || '{}'));
    if (parsed.success) {
      answer = parsed.data.answer;
      seen = [answer, ...parsed.data.retrieved.flatMap((x) => [x.title, x.text, ...(x.passages ?? []).map((p) => p.text)])].join('\n');
    } else {
      answer = `(ask failed: ${r.err.trim().slice(0, 200)})`;
    }
    outputs.push(r.out, r.err);
    if (q.category === 'privacy') {
      const s = await cliInProcess(['search', '--json', '--wait-for-meaning', q.q], env);
      outputs.push(s.out, s.err);
    }
    const forbidden = [...q.forbid, ...spec.secrets];
    const leaks = forbidden.filter((f) => found(`${r.out}\n${r.err}`, f));
    const want = (text: string) => q.expect.every((e) => found(text, e)) && !q.forbid.some((f) => found(text, f));
    const clean = leaks.length === 0;
    const s: Scored = { q, hit: want(seen) && clean, answerOnly: want(answer) && clean, stated: want(firstLine(answer)) && clean, leaks, answer };
    scored.push(s);
    log(`${String(i + 1).padStart(2)} ${s.stated ? 'S' : s.answerOnly ? 'A' : s.hit ? 'R' : '-'} [${q.category}] ${q.q}`);
    if (!s.stated && (flag('verbose') || flag('misses'))) log(`     expected ${JSON.stringify(q.expect)}; answer: ${answer.replace(/\n/g, ' ⏎ ').slice(0, 500)}`);
  }

  const all = outputs.join('\n');
  const privacyLeaks = spec.secrets.filter((s) => found(all, s));
  const cats = [...new Set(scored.map((s) => s.q.category))];
  const count = (l: Scored[]) => ({ n: l.length, hit: l.filter((s) => s.hit).length, answer_only: l.filter((s) => s.answerOnly).length, stated: l.filter((s) => s.stated).length });
  const byCategory = Object.fromEntries(cats.map((c) => [c, count(scored.filter((s) => s.q.category === c))]));
  const answerable = scored.filter((s) => s.q.category !== 'privacy' && s.q.category !== 'unanswerable');
  const unanswerable = scored.filter((s) => s.q.category === 'unanswerable');
  const tot = count(scored);
  log('');
  log(`day ${day}      n   hit  answer  stated`);
  const row = (name: string, b: { n: number; hit: number; answer_only: number; stated: number }) =>
    log(`${name.padEnd(12)} ${String(b.n).padStart(2)}   ${String(b.hit).padStart(3)}  ${String(b.answer_only).padStart(6)}  ${String(b.stated).padStart(6)}`);
  for (const c of cats) row(c, byCategory[c]!);
  row('total', tot);
  log(`answerable: the first line states the fact for ${answerable.filter((s) => s.stated).length}/${answerable.length}; unanswerable said so for ${unanswerable.filter((s) => s.stated).length}/${unanswerable.length}`);
  log(`privacy leaks: ${privacyLeaks.length ? privacyLeaks.join(', ') : 'none'}`);
  undoClock?.();
  if (!base) rmSync(dataDir, { recursive: true, force: true });
  return {
    n: tot.n,
    hit: tot.hit,
    answer_only: tot.answer_only,
    answerable: answerable.length,
    stated: answerable.filter((s) => s.stated).length,
    unanswerable: { n: unanswerable.length, stated: unanswerable.filter((s) => s.stated).length },
    by_category: byCategory,
    privacy_leaks: privacyLeaks.length,
    data_dir: base ? dataDir : null,
  };
}

/** Day 1 keeps issue 15's targets; days 2 to 12 are judged on what the answer's first line states (issue 30). */
function targetsMissed(day: Day, r: DayResult): string | null {
  if (r.privacy_leaks) return `day ${day}: ${r.privacy_leaks} privacy leaks`;
  if (day === 1) {
    const [h, a] = [Math.ceil(r.n * 0.95), Math.ceil(r.n * 0.85)];
    return r.hit >= h && r.answer_only >= a ? null : `day 1: hit ${r.hit}/${r.n} (need ${h}), answer ${r.answer_only}/${r.n} (need ${a})`;
  }
  const s = Math.ceil(r.answerable * 0.85);
  return r.stated >= s ? null : `day ${day}: stated ${r.stated}/${r.answerable} answerable (need ${s})`;
}

async function main(): Promise<void> {
  const dayOpt = opt('day');
  const all = Object.keys(DAYS).map(Number) as Day[];
  const days: Day[] = dayOpt === undefined ? all : all.filter((d) => String(d) === dayOpt);
  if (!days.length) throw new Error(`--day takes ${all.join(', ')}, not "${dayOpt}"`);
  if (!opt('reuse') && !flag('no-build')) {
    log('building dist/ (npm run build:node: tsc and the engram bundle) so capture starts fast …');
    const b = spawnSync('npm', ['run', '--silent', 'build:node'], { cwd: root, stdio: 'inherit' });
    if (b.status !== 0) throw new Error('build failed');
  }
  const results: Partial<Record<Day, DayResult>> = {};
  for (const d of days) results[d] = await runDay(d);
  console.log(JSON.stringify({ days: results }));
  const missed = opt('only') ? [] : days.map((d) => targetsMissed(d, results[d]!)).filter((m): m is string => m !== null);
  for (const m of missed) log(`target missed: ${m}`);
  process.exitCode = missed.length ? 1 : 0;
}

main().catch((err: unknown) => {
  console.error(`screenqa: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 2;
});
