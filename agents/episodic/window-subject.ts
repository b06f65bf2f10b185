import { normalizeText } from '../subagent-kit/index.js';

const SEPARATOR = /\s+[-–—|]\s+/g;
const UNSAVED = /^[●•*]\s*|\s*[●•*]$|\s*\((unsaved|modified|edited)\)$/gi;
const BROWSER_SUFFIX = /^(google chrome|chromium|mozilla firefox|firefox|safari|microsoft edge|edge|brave|opera|vivaldi|arc)$/i;

/**
 * What a window title says the user is working on, without the app's own name: "budget.xlsx -
 * LibreOffice Calc" → "budget.xlsx"; "Pricing & fees | Stripe — Mozilla Firefox" → "Pricing & fees | Stripe".
 */
export function windowSubject(title: string | null | undefined, app: string | null | undefined): string {
  if (!title) return '';
  let t = title.replace(UNSAVED, '').trim();
  const appWords = normalizeText(app ?? '')
    .split(' ')
    .filter((w) => w.length > 2);
  // Peel trailing " - App Name" parts off the original text, keeping its own separators.
  for (;;) {
    const seps = [...t.matchAll(SEPARATOR)];
    const last = seps[seps.length - 1];
    if (!last) break;
    const tail = t.slice(last.index + last[0].length).trim();
    const norm = normalizeText(tail);
    const isApp = BROWSER_SUFFIX.test(tail) || (appWords.length > 0 && appWords.some((w) => norm.includes(w)));
    if (!isApp) break;
    t = t.slice(0, last.index).trim();
  }
  t = t.replace(UNSAVED, '').trim();
  if (app && normalizeText(t) === normalizeText(app)) return '';
  return t.slice(0, 200);
}

/** Host of a URL without "www.", or null. */
export function hostOf(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).hostname.replace(/^www\./, '') || null;
  } catch {
    return null;
  }
}
