/**
 * How names are compared when the graph resolves "Ana", "ana souza", "A. Souza" and
 * "ana.souza@example.com" to one person. Pure functions: the repo supplies the candidates.
 */

/** Lower case, possessive and punctuation dropped, spaces folded: the key an alias is stored under. */
export function nameKey(name: string): string {
  return name
    .normalize('NFKC')
    .replace(/['’]s\b/g, '')
    .replace(/[^\p{L}\p{N}&@.\s-]+/gu, ' ')
    .replace(/\.(?=\s|$)/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

export function tokens(name: string): string[] {
  return nameKey(name).split(' ').filter(Boolean);
}

/** "A. Souza" / "A Souza": an initial then a surname. */
export function initialForm(name: string): { initial: string; last: string } | null {
  const m = /^\s*(\p{Lu})\.?\s+(\p{Lu}[\p{L}'’-]+)\s*$/u.exec(name);
  return m ? { initial: m[1]!.toLowerCase(), last: m[2]!.toLowerCase() } : null;
}

/** The name an email's local part spells ("ana.souza", "ana_souza", "ana-souza"), or null. */
export function nameFromEmail(email: string): string[] | null {
  const m = /^([\p{L}]+)[._-]([\p{L}]+)@/u.exec(email.trim());
  return m ? [m[1]!.toLowerCase(), m[2]!.toLowerCase()] : null;
}

export interface NameCandidate {
  id: string;
  kind: string;
  /** Every alias key of the entity. */
  keys: string[];
}

/**
 * Which known person a partial name means, when exactly one fits: a first name alone, an initial
 * and surname, an email's local part. Two people called Ana stay apart: "Ana" alone then resolves
 * only through `context` (other names in the same memory, e.g. "Ana Souza" said a line before).
 */
export function resolvePartial(name: string, people: NameCandidate[], context: readonly string[] = []): string | null {
  const fits = (pred: (toks: string[]) => boolean) => people.filter((p) => p.keys.some((k) => pred(k.split(' '))));
  const pick = (c: NameCandidate[]): string | null => {
    if (c.length === 1) return c[0]!.id;
    if (c.length > 1 && context.length) {
      const self = nameKey(name);
      const ctx = new Set(context.map(nameKey).filter((k) => k !== self));
      const inContext = c.filter((p) => p.keys.some((k) => ctx.has(k)));
      if (inContext.length === 1) return inContext[0]!.id;
    }
    return null;
  };
  if (name.includes('@')) {
    const parts = nameFromEmail(name);
    return parts ? pick(fits((t) => t.length >= 2 && t[0] === parts[0] && t[t.length - 1] === parts[1])) : null;
  }
  const init = initialForm(name);
  if (init) return pick(fits((t) => t.length >= 2 && t[0]!.startsWith(init.initial) && t[t.length - 1] === init.last));
  const toks = tokens(name);
  if (toks.length === 1) return pick(fits((t) => t.length >= 2 && t[0] === toks[0]));
  return null;
}
