import type { BatchAnalysis } from '../subagent-kit/index.js';

/** The capture redactor's marker: `[redacted:card]`, `[redacted:api_key]`. */
export const MARKER_RE = /\[redacted:([a-z_]+)\]/g;

export interface FoundMarker {
  entry_type: string;
  /** The line around the marker (no secret in it: the marker stands where the value was). */
  context: string;
  app: string | null;
  url: string | null;
  sources: number[];
  first: number;
}

/** Markers in the batch, one per (kind, app, line): a checkout page seen 20 times is one finding. */
export function findMarkers(a: BatchAnalysis): FoundMarker[] {
  return a.memo('vault.markers', () => {
    const out = new Map<string, FoundMarker>();
    for (const s of a.sources) {
      // In chat the markers are our own scrubbing (the secret itself is kept separately); on screen they are capture's.
      const text = a.isChat ? s.rawText : s.text;
      if (!text.includes('[redacted:')) continue;
      for (const line of text.split(/\r?\n/)) {
        for (const m of line.matchAll(MARKER_RE)) {
          const key = `${m[1]}|${s.app ?? ''}|${line.trim().toLowerCase()}`;
          const have = out.get(key);
          if (have) {
            if (!have.sources.includes(s.index)) have.sources.push(s.index);
            continue;
          }
          out.set(key, { entry_type: m[1]!, context: line.trim().slice(0, 300), app: s.app, url: s.url, sources: [s.index], first: s.at });
        }
      }
    }
    return [...out.values()];
  });
}

export function hasMarker(text: string): boolean {
  return /\[redacted:[a-z_]+\]/.test(text);
}
