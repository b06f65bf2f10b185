import { appCategory, hostOf, windowSubject } from '../episodic/index.js';
import type { BatchAnalysis } from '../subagent-kit/index.js';

export type ResourceType = 'url' | 'file' | 'document' | 'code' | 'other';

/** A document, file or link seen in a batch. */
export interface FoundResource {
  resource_type: ResourceType;
  /** Normalised URL or path; null for a document known only by its name. */
  location: string | null;
  title: string;
  app: string | null;
  sources: number[];
  first: number;
  /** The first lines of text seen with it. */
  excerpt: string;
}

const URL_RE = /\bhttps?:\/\/[^\s<>"'`)\]}]+/gi;
const PATH_RE = /(?:^|[\s"'(=:])((?:~|\/(?:home|Users|var|etc|opt|tmp|srv|mnt|media|usr|workspace|projects|work))\/[\w.@+-]+(?:\/[\w.@+-]+)*|[A-Za-z]:\\(?:[\w .@+-]+\\)*[\w.@+-]+)/g;
const FILE_NAME_RE = /(^|[\s"'(/\\])([\w][\w .@+-]{0,120}\.([A-Za-z0-9]{1,5}))(?=$|[\s"'),:;])/;

const CODE_EXT = new Set(['ts', 'tsx', 'js', 'jsx', 'mjs', 'cjs', 'py', 'rb', 'go', 'rs', 'java', 'kt', 'c', 'h', 'cc', 'cpp', 'hpp', 'cs', 'swift', 'php', 'sh', 'sql', 'json', 'yaml', 'yml', 'toml', 'css', 'scss', 'html', 'vue', 'svelte', 'lua', 'r', 'scala']);
const DOC_EXT = new Set(['pdf', 'doc', 'docx', 'odt', 'rtf', 'txt', 'md', 'xls', 'xlsx', 'ods', 'csv', 'ppt', 'pptx', 'odp', 'key', 'pages', 'numbers', 'epub', 'png', 'jpg', 'jpeg', 'svg', 'fig', 'sketch', 'psd', 'drawio', 'ipynb']);

/** Pages that are not resources: search results, new tabs, sign-in walls. */
const NOT_A_RESOURCE = [
  /^(about|chrome|edge|brave|vivaldi|opera|moz-extension|chrome-extension|file):/i,
  /^https?:\/\/(www\.)?(google|bing|duckduckgo|yahoo|baidu|yandex|ecosia)\.[a-z.]+\/(search|\?|$)/i,
  /^https?:\/\/[^/]+\/(login|signin|sign-in|oauth|auth)\b/i,
];

/**
 * Window titles of a browser that name no page: a new tab, a blank page, a search, a sign-in wall,
 * or a bare address or path (what a tab shows while its page loads; the page's own title follows).
 */
const NOT_A_PAGE_TITLE = /^(?:new tab|new window|untitled|loading…?|about:blank|start page)$|\b(?:google|bing|duckduckgo) search$|^(?:sign in|log in|login)\b|^\S*[/\\]\S*$/i;

const TRACKING = /^(utm_[a-z]+|fbclid|gclid|mc_cid|mc_eid|ref_src|igshid|si)$/i;

/** https://Stripe.com/pricing/?utm_source=x#plans → https://stripe.com/pricing */
export function normalizeUrl(raw: string): string | null {
  const trimmed = raw.replace(/[.,;:!?]+$/, '');
  let u: URL;
  try {
    u = new URL(trimmed);
  } catch {
    return null;
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
  u.hash = '';
  u.hostname = u.hostname.toLowerCase().replace(/^www\./, '');
  for (const k of [...u.searchParams.keys()]) if (TRACKING.test(k)) u.searchParams.delete(k);
  if (u.pathname.length > 1 && u.pathname.endsWith('/')) u.pathname = u.pathname.replace(/\/+$/, '');
  let s = u.toString();
  if (u.pathname === '/' && !u.search) s = s.replace(/\/$/, '');
  return s;
}

function typeOfName(name: string): ResourceType | null {
  const ext = name.split('.').pop()?.toLowerCase() ?? '';
  if (CODE_EXT.has(ext)) return 'code';
  if (DOC_EXT.has(ext)) return 'document';
  return null;
}

function urlTitle(url: string): string {
  try {
    const u = new URL(url);
    const path = u.pathname === '/' ? '' : decodeURIComponent(u.pathname);
    return `${u.hostname}${path}`.slice(0, 200);
  } catch {
    return url.slice(0, 200);
  }
}

/** Every resource in a batch: tab URLs with their page titles, links and paths in text, documents by window title. */
export function findResources(a: BatchAnalysis): FoundResource[] {
  return a.memo('resource.found', () => {
    const byKey = new Map<string, FoundResource>();
    const add = (r: Omit<FoundResource, 'sources' | 'first' | 'excerpt'>, source: number, excerpt: string): void => {
      const key = r.location ?? `name:${r.title.toLowerCase()}`;
      const at = a.sources[source]!.at;
      const have = byKey.get(key);
      if (have) {
        if (!have.sources.includes(source)) have.sources.push(source);
        // A real page title beats a URL used as a title.
        if (have.title === urlTitle(have.location ?? '') && r.title !== have.title) have.title = r.title;
        return;
      }
      byKey.set(key, { ...r, sources: [source], first: at, excerpt });
    };
    for (const s of a.sources) {
      const excerpt = s.text.split(/\r?\n/).map((l) => l.trim()).filter(Boolean).join('\n').slice(0, 600);
      const cat = appCategory(s.app);
      if (s.url) {
        const url = normalizeUrl(s.url);
        if (url && !NOT_A_RESOURCE.some((re) => re.test(url))) {
          const subject = windowSubject(s.title, s.app);
          add({ resource_type: 'url', location: url, title: subject || urlTitle(url), app: s.app }, s.index, excerpt);
        }
      } else if (cat === 'browser' && s.role === 'screen') {
        // A page whose address could not be read (an app window, a kiosk, a browser that hides it)
        // is still a page the user read: known by its title, one memory per title.
        const subject = windowSubject(s.title, s.app);
        if (subject && !NOT_A_PAGE_TITLE.test(subject)) add({ resource_type: 'url', location: null, title: subject, app: s.app }, s.index, excerpt);
      }
      // Links in a browser's page text are mostly navigation; elsewhere (chat, mail, terminal, notes) they were shared on purpose.
      if (cat !== 'browser') {
        for (const m of s.text.matchAll(URL_RE)) {
          const url = normalizeUrl(m[0]);
          if (!url || NOT_A_RESOURCE.some((re) => re.test(url))) continue;
          add({ resource_type: 'url', location: url, title: urlTitle(url), app: s.app }, s.index, '');
        }
      }
      for (const m of s.text.matchAll(PATH_RE)) {
        const path = m[1]!.replace(/[.,;:]+$/, '');
        const name = path.split(/[\\/]/).pop() ?? path;
        const t = typeOfName(name);
        if (!t && path.split(/[\\/]/).length < 3) continue;
        add({ resource_type: t === 'code' ? 'code' : 'file', location: path, title: name, app: s.app }, s.index, '');
      }
      if (cat !== 'browser' && s.title) {
        const subject = windowSubject(s.title, s.app);
        const fm = FILE_NAME_RE.exec(subject);
        if (fm) {
          const name = fm[2]!.trim();
          const t = typeOfName(name);
          if (t) add({ resource_type: t, location: null, title: name, app: s.app }, s.index, excerpt);
        }
      }
    }
    return [...byKey.values()];
  });
}

export function describeResource(r: Pick<FoundResource, 'resource_type' | 'location' | 'title' | 'app'>): string {
  const where = r.app ? ` in ${r.app}` : '';
  switch (r.resource_type) {
    case 'url': {
      const host = hostOf(r.location);
      return `Web page "${r.title}"${host ? ` (${r.location})` : ''}, opened${where}`;
    }
    case 'code':
      return `Code file ${r.location ?? r.title}${r.app ? `, worked on in ${r.app}` : ''}`;
    case 'document':
      return `Document ${r.title}${r.location ? ` at ${r.location}` : ''}${r.app ? `, worked on in ${r.app}` : ''}`;
    case 'file':
      return `File ${r.location ?? r.title}${r.app ? `, seen in ${r.app}` : ''}`;
    default:
      return `${r.title}${r.location ? ` (${r.location})` : ''}`;
  }
}
