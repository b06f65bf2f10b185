import type { ProvenanceDetail } from '../../../../shared/api/index.js';
import { fmtDateTime } from '../../lib/format.js';
import { hrefFor } from '../../lib/route.js';
import { FrameThumb } from '../../ui/frame-thumb.js';
import { IconChat, IconLink, IconMic } from '../../ui/icons.js';

/** Where a memory came from: the screens, chat messages and recordings it was learned from. */
export function MemoryProvenance({ provenance, query = '' }: { provenance: ProvenanceDetail[]; query?: string }) {
  return (
    <section className="detail-section" aria-label="Where it came from">
      <h3 className="detail-label">Where it came from</h3>
      {provenance.length === 0 ? (
        <p className="faint">Added by hand or imported; no recorded source.</p>
      ) : (
        <ul className="prov-list">
          {provenance.map((p) => (
            <li key={`${p.source_type}:${p.source_id}`}>
              <ProvenanceRow p={p} query={query} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ProvenanceRow({ p, query }: { p: ProvenanceDetail; query: string }) {
  const icon = p.source_type === 'message' ? <IconChat size={16} /> : p.source_type === 'audio' ? <IconMic size={16} /> : null;
  const label = p.source_type === 'message' ? 'Chat message' : p.source_type === 'audio' ? 'Recording' : p.source_type === 'frame' ? 'Screenshot' : 'Screen';
  const body = (
    <>
      {p.frame_id && !p.missing ? (
        <FrameThumb frameId={p.frame_id} alt={p.title ? `Screen: ${p.title}` : 'Screen'} className="prov-thumb" />
      ) : (
        <span className="prov-thumb thumb-placeholder static" aria-hidden="true">
          {icon ?? <IconLink size={16} />}
        </span>
      )}
      <span className="grow">
        <span className="prov-title truncate">{p.missing ? `${label} (since deleted)` : p.title || p.app || label}</span>
        <span className="prov-excerpt clamp-2">{p.excerpt || (p.missing ? 'The source was forgotten or recycled.' : '')}</span>
        <span className="prov-meta faint">
          {label}
          {p.at ? ` · ${fmtDateTime(p.at)}` : ''}
          {p.app && p.title ? ` · ${p.app}` : ''}
        </span>
      </span>
    </>
  );
  if (p.thread_id && !p.missing) {
    return (
      <a className="prov-row" href={hrefFor('chat', p.thread_id)}>
        {body}
      </a>
    );
  }
  // A screen source opens in the moment viewer: the screenshot, with the memory's words highlighted on it.
  if (p.frame_id && !p.missing) {
    return (
      <a className="prov-row" href={hrefFor('moment', p.frame_id, query)} data-testid="prov-moment">
        {body}
      </a>
    );
  }
  if (p.at && !p.missing && p.source_type !== 'message') {
    const d = new Date(p.at);
    const key = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    return (
      <a className="prov-row" href={hrefFor('timeline', key)}>
        {body}
      </a>
    );
  }
  return <div className="prov-row">{body}</div>;
}
