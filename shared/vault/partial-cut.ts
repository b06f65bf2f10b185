/**
 * Part of a vault value is as good as all of it to whoever holds the rest, and text carries parts:
 * a tool or a memory line clips a key ("sk-ant-api03-Xy7K…"), a window masks one ("••••0hJ9",
 * "sk-ant-…0hJ9"). The exact-match cut missed these (issue 28). This finds, in text, tokens made of
 * a vault value's beginning and/or end around a truncation or mask mark, or a long beginning alone.
 */

/** A mark that says characters were left out or masked: an ellipsis, three dots, bullets or stars. */
const MARK = String.raw`(?:…|\.{3}|[•●*·]{2,})`;
const MARKED = new RegExp(String.raw`^(.*?)(${MARK})(.*)$`, 'su');

/** How much of a value's beginning, before a mark, says which value it is. */
const MIN_MARKED_HEAD = 6;
/** How much of its end, after a mask: what maskSecret itself shows. */
const MIN_MARKED_TAIL = 4;
/** A beginning with no mark after it is only taken when it is long: "password" is not a cut of "password123". */
const MIN_BARE_HEAD = 16;

interface PartIndex {
  byHead: Map<string, string[]>;
  byTail: Map<string, string[]>;
}

const indexes = new WeakMap<readonly string[], PartIndex>();

function indexOf(values: readonly string[]): PartIndex {
  let idx = indexes.get(values);
  if (idx) return idx;
  idx = { byHead: new Map(), byTail: new Map() };
  for (const v of values) {
    if (v.length >= MIN_MARKED_HEAD) push(idx.byHead, v.slice(0, MIN_MARKED_HEAD), v);
    if (v.length >= MIN_MARKED_TAIL * 2) push(idx.byTail, v.slice(-MIN_MARKED_TAIL), v);
  }
  indexes.set(values, idx);
  return idx;
}

function push(map: Map<string, string[]>, key: string, v: string): void {
  const list = map.get(key);
  if (list) list.push(v);
  else map.set(key, [v]);
}

/** Whether a token (no white space, no quotes) is a part of one of the values. */
function isPart(token: string, idx: PartIndex): boolean {
  const m = MARKED.exec(token);
  if (m) {
    // Too little on a side says nothing of the value there (a full stop after "…" is not its end).
    const head = (m[1] ?? '').length >= MIN_MARKED_HEAD ? m[1]! : '';
    const tail = (m[3] ?? '').length >= MIN_MARKED_TAIL ? m[3]! : '';
    const shortHead = head ? '' : (m[1] ?? '');
    if (head) {
      const heads = (idx.byHead.get(head.slice(0, MIN_MARKED_HEAD)) ?? []).filter((v) => v.startsWith(head) && v !== head);
      return tail ? heads.some((v) => v.endsWith(tail)) : heads.length > 0;
    }
    if (tail) return (idx.byTail.get(tail.slice(-MIN_MARKED_TAIL)) ?? []).some((v) => v.endsWith(tail) && v.startsWith(shortHead));
    return false;
  }
  if (token.length < MIN_BARE_HEAD) return false;
  return (idx.byHead.get(token.slice(0, MIN_MARKED_HEAD)) ?? []).some((v) => v.startsWith(token));
}

/** Text with every part of a value (see above) replaced by `mark`. Exact copies are cut before this. */
export function cutParts(text: string, values: readonly string[], mark: string): string {
  if (values.length === 0) return text;
  const idx = indexOf(values);
  return text.replace(/[^\s"'`<>()[\]{},;]+/g, (token) => {
    if (isPart(token, idx)) return mark;
    // A sentence's full stop or colon after a part is not the value's end: "provided: sk-ab…Wz1."
    const trail = /[.:!?]+$/.exec(token)?.[0];
    return trail && trail.length < token.length && isPart(token.slice(0, -trail.length), idx) ? `${mark}${trail}` : token;
  });
}
