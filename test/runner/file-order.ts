import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { seededRandom } from '../../shared/random/index.js';

/**
 * The order test files start in (test/runner/cost-sequencer.ts hands it to vitest). With two workers the run ends when the last long file ends: a
 * 60-s file drawn last leaves one core idle for a minute. So files start longest first, by the
 * expected costs in file-costs.json (unknown files count as the average), and the seed still
 * decides: files of about the same cost (within a factor of two) start in seeded-shuffle order,
 * and vitest shuffles the tests inside each file with the same seed. TEST_ORDER=shuffle starts
 * the files in plain seeded-shuffle order instead (no costs), as before.
 */
export const COSTS_FILE = join(dirname(fileURLToPath(import.meta.url)), 'file-costs.json');

export type FileCosts = Record<string, number>;

export function readCosts(path = COSTS_FILE): FileCosts {
  try {
    const parsed = JSON.parse(readFileSync(path, 'utf8')) as { files?: unknown };
    const files = parsed.files && typeof parsed.files === 'object' ? (parsed.files as Record<string, unknown>) : {};
    return Object.fromEntries(Object.entries(files).filter((e): e is [string, number] => typeof e[1] === 'number' && e[1] >= 0));
  } catch {
    // No list (or a broken one) only loses the ordering, never a test.
    return {};
  }
}

export function seededShuffle<T>(items: readonly T[], seed: number): T[] {
  const out = [...items];
  const next = seededRandom(seed);
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** A file's cost band: a power of two of milliseconds; files not in the list count as the average. */
function bandOf(costs: FileCosts): (file: string) => number {
  const known = Object.values(costs);
  const average = known.length ? known.reduce((a, b) => a + b, 0) / known.length : 1000;
  return (f) => Math.floor(Math.log2(Math.max(1, costs[f] ?? average)));
}

/**
 * Files (repository paths, forward slashes) in the order to start them: highest cost band first,
 * so the long files lead in about their true order; inside a band, seeded-shuffle order (with no
 * seed, path order).
 */
export function costOrder(files: readonly string[], costs: FileCosts, seed: number | null): string[] {
  const band = bandOf(costs);
  const start = seed === null ? [...files].sort() : seededShuffle(files, seed);
  return start.sort((a, b) => band(b) - band(a));
}

/**
 * The order with the files of each worker-sharing project (vitest `isolate: false`; `groupOf` names
 * it, null for a file of an isolated project) moved together, at the place of the first of them,
 * in their order: vitest hands a worker that ends a non-isolated file the next one only when the
 * next file queued is of the same project, so files of that project scattered among others would
 * each start a worker (imports, browser) of their own.
 */
export function keepTogether(order: readonly string[], groupOf: (file: string) => string | null): string[] {
  const out: string[] = [];
  const placed = new Set<string>();
  for (const f of order) {
    const g = groupOf(f);
    if (g === null) out.push(f);
    else if (!placed.has(g)) {
      placed.add(g);
      out.push(...order.filter((x) => groupOf(x) === g));
    }
  }
  return out;
}

/**
 * Files that more than one project runs ("test/x.test.ts in unit and forks"): vitest joins a
 * project's include with the root config's, and a file in two projects runs twice, once in the
 * wrong pool. Empty when every file belongs to one project.
 */
export function filesInTwoProjects(specs: readonly { file: string; project: string }[]): string[] {
  const projects = new Map<string, string[]>();
  for (const s of specs) projects.set(s.file, [...(projects.get(s.file) ?? []), s.project]);
  return [...projects].filter(([, p]) => p.length > 1).map(([f, p]) => `${f} in ${p.join(' and ')}`);
}
