/**
 * A core block is a few lines of text ("- Name: Sam", "- Lives in: Berlin"). Lines carry their key
 * implicitly (the part before ": "), so a newer "Lives in" replaces the older one.
 */
export const DEFAULT_CORE_LIMIT = 5000;

const BULLET = /^[-•*]\s*/;

export function blockLines(value: string): string[] {
  return value
    .split(/\r?\n/)
    .map((l) => l.replace(BULLET, '').trim())
    .filter(Boolean);
}

/** The key a line answers to: "Lives in: Berlin" → "lives in"; free lines key on their own text. */
export function lineKey(line: string): string {
  const like = /^(?:likes|dislikes):\s+(.*)$/i.exec(line);
  if (like) return `like:${like[1]!.toLowerCase().trim()}`;
  const m = /^([A-Za-z][\w '-]{1,30}):\s/.exec(line);
  const label = m ? m[1]!.toLowerCase() : null;
  // Lines that can repeat (several likes, several rules) key on their whole text.
  if (!label || /^(allergic to|the user asked|note)$/.test(label)) return line.toLowerCase().replace(/\W+/g, ' ').trim();
  return label;
}

export function renderBlock(lines: string[]): string {
  return lines.map((l) => `- ${l}`).join('\n');
}

/**
 * Appends lines; a line whose key is already present replaces it in place. Returns the new value
 * (compressed to the limit) or null when nothing changed.
 */
export function appendToBlock(value: string, add: string[], limit: number, keyOf: (l: string) => string = lineKey): string | null {
  const lines = blockLines(value);
  let changed = false;
  for (const l of add) {
    const k = keyOf(l);
    const i = lines.findIndex((x) => keyOf(x) === k);
    if (i >= 0) {
      if (lines[i] !== l) {
        lines[i] = l;
        changed = true;
      }
    } else {
      lines.push(l);
      changed = true;
    }
  }
  if (!changed) return null;
  return compressBlock(renderBlock(lines), limit);
}

/**
 * Fits a block into its character limit without a model: drop repeated lines, shorten very long
 * ones, then drop the oldest free-form lines, then the oldest lines. Keyed facts go last.
 */
export function compressBlock(value: string, limit: number): string {
  if (value.length <= limit) return value;
  let lines = blockLines(value);
  const seen = new Set<string>();
  lines = lines.filter((l) => {
    const k = l.toLowerCase();
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
  lines = lines.map((l) => (l.length > 200 ? `${l.slice(0, 199)}…` : l));
  const keyed = (l: string): boolean => /^[A-Za-z][\w '-]{1,30}:\s/.test(l) && !/^(likes|dislikes|note):/i.test(l);
  while (renderBlock(lines).length > limit) {
    const i = lines.findIndex((l) => !keyed(l));
    if (i >= 0) lines.splice(i, 1);
    else lines.shift();
    if (!lines.length) break;
  }
  return renderBlock(lines);
}
