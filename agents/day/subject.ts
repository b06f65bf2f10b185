/** What a moment was about, for time per document, site or project. */
export interface Subject {
  /** The site's host name, or the document or project named by the window title. */
  name: string;
  kind: 'site' | 'document';
}

// Title separators apps use between document, project and app name ("a.ts — engram — Visual Studio Code").
const SEPARATORS = /\s+[—–|·-]\s+/;

/**
 * The subject of a moment: a web page's site (host name without www), else the first part of its
 * window title once the app's own name is taken off. Null when neither says anything.
 */
export function subjectOf(m: { app: string | null; title: string | null; url: string | null }): Subject | null {
  if (m.url) {
    try {
      const u = new URL(m.url);
      if ((u.protocol === 'http:' || u.protocol === 'https:') && u.hostname) return { name: u.hostname.replace(/^www\./, ''), kind: 'site' };
    } catch {
      // Not an address: fall through to the title.
    }
  }
  const title = m.title?.trim();
  if (!title) return null;
  const app = m.app?.trim().toLowerCase() ?? '';
  const parts = title.split(SEPARATORS).map((p) => p.trim()).filter(Boolean);
  while (parts.length > 1 && app && isAppName(parts[parts.length - 1]!, app)) parts.pop();
  const first = parts[0]?.replace(/^[●•*]\s*/, '').trim();
  if (!first || (app && isAppName(first, app))) return null;
  return { name: first.slice(0, 200), kind: 'document' };
}

/** "Visual Studio Code" for app "code", "Mozilla Firefox" for "firefox": the title part that names the app. */
function isAppName(part: string, app: string): boolean {
  const p = part.toLowerCase();
  return p === app || p.includes(app) || (p.length >= 3 && app.includes(p));
}
