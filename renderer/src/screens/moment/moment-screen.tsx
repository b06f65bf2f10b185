import { useEffect, useState } from 'react';
import type { FrameWordsDto } from '../../../../shared/api/index.js';
import { useApi } from '../../lib/api-context.js';
import { dayKey, fmtDateTime } from '../../lib/format.js';
import { hrefFor } from '../../lib/route.js';
import { errorText, useAppStore } from '../../state/app-store.js';
import { FrameThumb } from '../../ui/frame-thumb.js';
import { IconFile, IconGlobe, IconMonitor } from '../../ui/icons.js';

/**
 * One screenshot as it was seen, every match of the query highlighted on it (from the word boxes OCR
 * kept with the frame), next/previous to step through them, the app, window and time, and what it
 * can open again. Opened from a timeline hit, a memory's source or a chat citation: #/moment/ID/QUERY.
 */
export function MomentScreen({ id, query }: { id: string | null; query: string }) {
  const api = useApi();
  const [data, setData] = useState<FrameWordsDto | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [current, setCurrent] = useState(0);
  const [copied, setCopied] = useState<string | null>(null);
  const [opened, setOpened] = useState<{ target: string; ok: boolean; line: string } | null>(null);
  const browserMode = useAppStore((s) => s.info?.host === 'headless');

  // A path seen on screen opens through the host, which checks it (never a program or script); browser mode says it cannot.
  async function openPath(target: string) {
    try {
      await api.call('system.open_path', { path: target });
      setOpened({ target, ok: true, line: 'Opened' });
    } catch (e) {
      setOpened({ target, ok: false, line: errorText(e) });
    }
  }

  useEffect(() => {
    if (!id) return;
    let live = true;
    setData(null);
    setError(null);
    setCurrent(0);
    api.call('frames.words', { id, query }).then(
      (r) => live && setData(r),
      (e: unknown) => live && setError(errorText(e)),
    );
    return () => {
      live = false;
    };
  }, [api, id, query]);

  if (!id) return <div className="page-body faint">No moment chosen.</div>;
  if (error) return <div className="page-body banner warn" role="alert">{error}</div>;
  if (!data) return <div className="page-body"><div className="skeleton" style={{ height: 320 }} /></div>;

  const n = data.matches.length;
  const step = (d: number) => setCurrent((c) => (n ? (c + d + n) % n : 0));
  const pct = (v: number, of: number) => `${(v / Math.max(1, of)) * 100}%`;
  return (
    <div className="moment-page" data-testid="moment">
      <header className="page-header">
        <div className="grow">
          <h1 className="truncate" data-testid="moment-title">{data.title || data.app || 'Screen'}</h1>
          <div className="subtitle row">
            <IconMonitor size={14} />
            <span data-testid="moment-app">{data.app ?? 'Unknown app'}</span>
            <span className="tabular" data-testid="moment-time">· {fmtDateTime(data.at)}</span>
            <a href={hrefFor('timeline', dayKey(new Date(data.at)), String(Date.parse(data.at)))} data-testid="moment-in-day">
              See it in the day
            </a>
          </div>
        </div>
        {query && (
          <div className="row" role="group" aria-label="Matches">
            <button type="button" className="btn btn-sm" onClick={() => step(-1)} disabled={n < 2} aria-label="Previous match">
              ‹ Previous
            </button>
            <span className="tabular" data-testid="moment-count" aria-live="polite">
              {n ? `${current + 1} of ${n}` : `No match for “${query}”`}
            </span>
            <button type="button" className="btn btn-sm" onClick={() => step(1)} disabled={n < 2} aria-label="Next match">
              Next ›
            </button>
          </div>
        )}
      </header>
      <div className="page-body">
        <div className="moment-frame" style={{ position: 'relative', display: 'inline-block', maxWidth: '100%' }}>
          <FrameThumb frameId={data.frame_id} size="full" className="moment-image" alt={`Screenshot: ${data.title ?? data.app ?? 'screen'}`} delayMs={0} />
          {data.width > 0 &&
            data.matches.map((wi, k) => {
              const [x0, y0, x1, y1] = data.words[wi]!.box;
              return (
                <mark
                  key={wi}
                  className={`moment-hit${k === current ? ' current' : ''}`}
                  data-testid="moment-hit"
                  data-current={k === current}
                  aria-label={`Match ${k + 1}: ${data.words[wi]!.text}`}
                  style={{ position: 'absolute', left: pct(x0, data.width), top: pct(y0, data.height), width: pct(x1 - x0, data.width), height: pct(y1 - y0, data.height) }}
                />
              );
            })}
        </div>
        {query && data.width === 0 && <p className="faint">The words of this screenshot were not kept (read before this version, or text reading was off): nothing can be highlighted.</p>}
        {data.links.length > 0 && (
          <section className="card" aria-label="Open that again">
            <div className="card-body">
              <ul className="moment-links">
                {data.links.map((l) => (
                  <li key={`${l.kind}:${l.target}`} className="row">
                    {l.kind === 'url' ? (
                      <a className="btn btn-sm" href={l.target} target="_blank" rel="noopener noreferrer" data-testid="moment-open-url">
                        <IconGlobe size={14} />
                        Open {new URL(l.target).hostname}
                      </a>
                    ) : (
                      <>
                        <button
                          type="button"
                          className="btn btn-sm"
                          data-testid="moment-open-path"
                          title={browserMode ? 'Only the desktop app can open files on this computer' : undefined}
                          onClick={() => void openPath(l.target)}
                        >
                          <IconFile size={14} />
                          Open
                        </button>
                        <button
                          type="button"
                          className="btn btn-sm btn-ghost"
                          data-testid="moment-copy-path"
                          onClick={() => void navigator.clipboard?.writeText(l.target).then(() => setCopied(l.target), () => setCopied(null))}
                        >
                          Copy path
                        </button>
                      </>
                    )}
                    <span className="truncate faint">{l.target}</span>
                    {copied === l.target && <span className="faint">Copied</span>}
                    {opened?.target === l.target && (
                      <span className={opened.ok ? 'faint' : 'moment-open-refused'} role="status" data-testid="moment-open-path-result">
                        {opened.line}
                      </span>
                    )}
                  </li>
                ))}
              </ul>
            </div>
          </section>
        )}
      </div>
    </div>
  );
}
