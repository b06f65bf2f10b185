import { useEffect, useState } from 'react';
import type { Memory, TimelineItem } from '../../../../shared/api/index.js';
import { useApi } from '../../lib/api-context.js';
import { fmtDateTime, fmtTimeSec } from '../../lib/format.js';
import { KIND_SINGULAR, tabOf } from '../../lib/kinds.js';
import { hrefFor } from '../../lib/route.js';
import { FrameThumb } from '../../ui/frame-thumb.js';
import { IconGlobe, IconMonitor, IconTrash } from '../../ui/icons.js';
import { KindChip } from '../../ui/kind-chip.js';

/** The focused moment in full: the screenshot, what was read from it, and the memories made from it. */
export function TimelineDetail({ item, onDelete }: { item: TimelineItem; onDelete(): void }) {
  const api = useApi();
  const [memories, setMemories] = useState<Memory[]>([]);
  const ids = item.type === 'memory' ? [] : item.memory_ids;
  const key = ids.join(',');

  useEffect(() => {
    let live = true;
    setMemories([]);
    void Promise.all(ids.slice(0, 12).map((id) => api.call('memories.get', { id }).then((r) => r.memory, () => null))).then(
      (ms) => live && setMemories(ms.filter((m): m is Memory => m !== null)),
    );
    return () => {
      live = false;
    };
  }, [api, key]);

  if (item.type === 'memory') {
    const tab = item.experience ? 'experience' : item.kind;
    return (
      <div className="detail">
        <div className="row">
          <KindChip kind={tab} />
          <span className="faint">{fmtDateTime(item.at)}</span>
        </div>
        <h2 className="detail-title">{item.title || KIND_SINGULAR[tab]}</h2>
        <p className="detail-text">{item.text}</p>
        {item.app && (
          <div className="detail-meta row">
            <IconMonitor size={14} />
            {item.app}
          </div>
        )}
        <div className="detail-actions">
          <a className="btn btn-sm" href={hrefFor('memories', tab, item.id)}>
            Open memory
          </a>
          <button type="button" className="btn btn-sm btn-danger-ghost" onClick={onDelete}>
            <IconTrash size={14} />
            Delete
          </button>
        </div>
      </div>
    );
  }

  const frameId = item.type === 'frame' ? item.id : item.frame_id;
  return (
    <div className="detail">
      {frameId && <FrameThumb frameId={frameId} size="full" className="detail-image" alt={item.title ? `Screenshot: ${item.title}` : 'Screenshot'} delayMs={0} />}
      <div className="row faint">
        <span className="tabular">{fmtTimeSec(item.at)}</span>
        {item.app && <span>· {item.app}</span>}
      </div>
      <h2 className="detail-title">{item.title || item.app || 'Screen'}</h2>
      {item.url && (
        <div className="detail-meta row truncate">
          <IconGlobe size={14} />
          <span className="truncate">{item.url}</span>
        </div>
      )}
      {item.type === 'observation' && item.text && (
        <div className="detail-ocr">
          <div className="detail-label">Text on screen</div>
          <p>{item.text}</p>
        </div>
      )}
      {memories.length > 0 && (
        <div className="detail-memories">
          <div className="detail-label">Memories made from this</div>
          <ul>
            {memories.map((m) => (
              <li key={m.id}>
                <a href={hrefFor('memories', tabOf(m), m.id)} className="mini-memory">
                  <KindChip kind={tabOf(m)} />
                  <span className="truncate">{m.title || m.text}</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="detail-actions">
        <button type="button" className="btn btn-sm btn-danger-ghost" onClick={onDelete}>
          <IconTrash size={14} />
          Delete this moment
        </button>
      </div>
    </div>
  );
}
