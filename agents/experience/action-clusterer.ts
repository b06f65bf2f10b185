import type { Embedder } from '../store/index.js';
import { contentTokens, normalizeText } from '../subagent-kit/index.js';

/**
 * Decides which recorded actions are one action, so their evidence is pooled. cluster() answers
 * a group number per action (same number = same action).
 */
export interface ActionClusterer {
  readonly name: 'text' | 'meaning';
  cluster(actions: string[]): Promise<number[]>;
}

/** Action identity for grouping: "Run `npm ci`" and "run npm ci" are one action. */
export function actionKey(action: string): string {
  return normalizeText(action);
}

/** The default, and what tests use: one group per normalized text. */
export class ExactTextClusterer implements ActionClusterer {
  readonly name = 'text' as const;
  async cluster(actions: string[]): Promise<number[]> {
    const ids = new Map<string, number>();
    return actions.map((a) => {
      const k = actionKey(a);
      let id = ids.get(k);
      if (id === undefined) ids.set(k, (id = ids.size));
      return id;
    });
  }
}

export interface EmbeddingClustererOptions {
  /** Two wordings closer than this (cosine) may be one action. */
  threshold?: number;
  /** A swapped word this close to its counterpart (cosine) is a synonym, not another target. */
  synonymThreshold?: number;
}

/**
 * Tokens that name something exactly (versions, ports, paths, flags, file names): two wordings that
 * name different ones are different actions however close their meaning ("node 20.11" vs "18.19").
 */
export function exactTokens(action: string): Set<string> {
  const out = new Set<string>();
  for (const raw of action.toLowerCase().split(/[\s`'"(),;]+/)) {
    const t = raw.replace(/^[.:]+|[.:]+$/g, '');
    if (t && (/\d/.test(t) || /[\w][./_=-][\w]/.test(t) || /^--?\w/.test(t))) out.add(t);
  }
  return out;
}

/** Verbs that undo or take away: "revert the migration" is never a wording of "run the migration". */
const UNDOING = ['revert', 'undo', 'rollback', 'roll', 'downgrad', 'uninstall', 'remov', 'delet', 'disabl', 'stop', 'unpin', 'unset', 'drop', 'wipe', 'wiping'];
const NEGATING_PREFIXES = ['dis', 'un', 'de', 'non'];

/** "enable"/"disable", "install"/"uninstall", "upgrade"/"downgrade": a word and its negation. */
export function oppositeWords(a: string, b: string): boolean {
  const [s, l] = a.length <= b.length ? [a, b] : [b, a];
  if (NEGATING_PREFIXES.some((p) => l === p + s)) return true;
  const swap = (w: string) => (w.startsWith('up') ? `down${w.slice(2)}` : w.startsWith('down') ? `up${w.slice(4)}` : null);
  return swap(a) === b;
}

/** Word roots, so every tense counts ("rolled back", "deleting"). */
const undoes = (words: Iterable<string>): boolean => [...words].some((w) => UNDOING.some((root) => w.startsWith(root)));

const cosine = (a: Float32Array, b: Float32Array): number => {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!;
  return s;
};

/**
 * Groups differently worded versions of one action by meaning (the store's Embedder), complete
 * linkage: an action joins a group only if it is the same as every member. Two wordings are the
 * same when their embeddings are close, they name no different exact things, and they are not one
 * frame with one word swapped for an unrelated one ("restart nginx" / "restart apache").
 */
export class EmbeddingClusterer implements ActionClusterer {
  readonly name = 'meaning' as const;
  private readonly threshold: number;
  private readonly synonym: number;

  constructor(
    private readonly embedder: Embedder,
    opts: EmbeddingClustererOptions = {},
  ) {
    this.threshold = opts.threshold ?? 0.7;
    this.synonym = opts.synonymThreshold ?? 0.65;
  }

  async cluster(actions: string[]): Promise<number[]> {
    const keys = actions.map(actionKey);
    const distinct = [...new Set(keys)];
    if (distinct.length <= 1) return keys.map(() => 0);
    const originals = distinct.map((k) => actions[keys.indexOf(k)]!);
    const vectors = await this.embedder.embed(originals);
    const exact = originals.map(exactTokens);
    const tokens = distinct.map((k) => new Set(contentTokens(k)));
    const plain = distinct.map((k) => new Set(k.split(' ')));
    const words = new Map<string, Float32Array>();

    const swappedWords = async (i: number, j: number): Promise<boolean> => {
      const onlyI = [...tokens[i]!].filter((t) => !tokens[j]!.has(t));
      const onlyJ = [...tokens[j]!].filter((t) => !tokens[i]!.has(t));
      const shared = [...tokens[i]!].filter((t) => tokens[j]!.has(t));
      // One slot of an otherwise shared frame holds a different word.
      if (onlyI.length !== 1 || onlyJ.length !== 1 || shared.length === 0) return false;
      const missing = [onlyI[0]!, onlyJ[0]!].filter((w) => !words.has(w));
      if (missing.length) (await this.embedder.embed(missing)).forEach((v, n) => words.set(missing[n]!, v));
      return cosine(words.get(onlyI[0]!)!, words.get(onlyJ[0]!)!) < this.synonym;
    };
    const same = async (i: number, j: number): Promise<boolean> => {
      if (cosine(vectors[i]!, vectors[j]!) < this.threshold) return false;
      const a = exact[i]!;
      const b = exact[j]!;
      if (a.size && b.size && ![...a].every((t) => b.has(t)) && ![...b].every((t) => a.has(t))) return false;
      // One wording undoes, the other does; or they hold a word and its negation.
      if (undoes(plain[i]!) !== undoes(plain[j]!)) return false;
      for (const x of plain[i]!) for (const y of plain[j]!) if (x !== y && oppositeWords(x, y)) return false;
      return !(await swappedWords(i, j));
    };

    const group = new Array<number>(distinct.length).fill(-1);
    const members: number[][] = [];
    for (let i = 0; i < distinct.length; i++) {
      for (let g = 0; g < members.length && group[i] === -1; g++) {
        let all = true;
        for (const j of members[g]!) {
          if (!(await same(i, j))) {
            all = false;
            break;
          }
        }
        if (all) {
          group[i] = g;
          members[g]!.push(i);
        }
      }
      if (group[i] === -1) {
        group[i] = members.length;
        members.push([i]);
      }
    }
    return keys.map((k) => group[distinct.indexOf(k)]!);
  }
}
