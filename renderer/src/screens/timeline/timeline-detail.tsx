import { useEffect, useState } from 'react';
import type { RequestOutput } from '../../../../shared/api/index.js';
import { useApi } from '../../lib/api-context.js';
import { fmtDateTime, fmtTimeSec } from '../../lib/format.js';
import { KIND_SINGULAR } from '../../lib/kinds.js';
import { recordUse } from '../../lib/memory-use.js';
import { hrefFor } from '../../lib/route.js';
import { errorText } from '../../state/app-store.js';
import { FrameThumb } from '../../ui/frame-thumb.js';
import { IconAlert, IconEyeOff, IconGlobe, IconMonitor, IconTrash } from '../../ui/icons.js';
import { KindChip } from '../../ui/kind-chip.js';
import { hiddenLabel } from './hidden-label.js';
import { beforeOpen, itemHref } from './item-link.js';
import type { DayItem } from './timeline-model.js';
import { DAMAGED_TITLE } from './timeline-row.js';

type Detail = RequestOutput<'timeline.item'>;

/** Arrowing through the list passes over many moments: ask for the one that stays focused. */
const SETTLE_MS = 70;

/**
 * The focused moment in full: the screenshot, everything read from it, and the memories made from
 * it. The row's own data shows at once; the whole text and the memories come with timeline.item.
 */
export function TimelineDetail({ item, query, onDelete }: { item: DayItem; query: string; onDelete(): void }) {
  const api = useApi();
  const [detail, setDetail] = useState<{ key: string; value: Detail } | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    setError(null);
    const timer = setTimeout(() => {
      // A memory whose detail settled was looked at; one passed over while arrowing was not.
      if (item.type === 'memory') recordUse(api, item.id, 'timeline');
      api.call('timeline.item', { type: item.type, id: item.id }).then(
        (value) => live && setDetail({ key: item.key, value }),
        (e: unknown) => live && setError(errorText(e)),
      );
    }, SETTLE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [api, item.key, item.type, item.id]);

  const full = detail?.key === item.key ? detail.value : null;
  const text = full && full.item.type !== 'frame' ? full.item.text : (item.text ?? '');
  const title = full ? full.item.title : item.title;

  if (item.type === 'memory') {
    const tab = item.kind as keyof typeof KIND_SINGULAR;
    return (
      <div className="detail">
        <div className="row">
          <KindChip kind={tab} />
          <span className="faint">{fmtDateTime(item.at)}</span>
        </div>
        <h2 className="detail-title">{title || KIND_SINGULAR[tab]}</h2>
        <p className="detail-text">{text}</p>
        {item.app && (
          <div className="detail-meta row">
            <IconMonitor size={14} />
            {item.app}
          </div>
        )}
        {error && <p className="faint">{error}</p>}
        <div className="detail-actions">
          <a className="btn btn-sm" href={hrefFor('memories', tab, item.id)} onClick={() => beforeOpen(item)} data-testid="timeline-open-memory">
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

  const damage = full?.damage ?? (item.damaged ? DAMAGED_TITLE : null);
  // The stored frame already has these windows filled; say so, so the blank area is not a mystery.
  const hidden = hiddenLabel(full && full.item.type !== 'memory' ? full.item.hidden : item.hidden);
  const pictureId = item.pictureId;
  return (
    <div className="detail" data-testid="timeline-detail">
      {damage ? (
        <>
          <div className="detail-image thumb-placeholder static" role="img" aria-label="Screenshot unavailable">
            <IconAlert size={22} />
          </div>
          <div className="banner warn" role="note" data-testid="timeline-damage">
            <IconAlert size={16} />
            <span>
              {damage}
              {full?.damage && item.type === 'observation' ? ' The text read from it is kept.' : ''}
            </span>
          </div>
        </>
      ) : (
        pictureId && <FrameThumb frameId={pictureId} size="full" className="detail-image" alt={title ? `Screenshot: ${title}` : 'Screenshot'} delayMs={0} />
      )}
      {hidden && (
        <div className="detail-meta row" data-testid="timeline-hidden">
          <IconEyeOff size={14} />
          <span>{hidden}</span>
        </div>
      )}
      <div className="row faint">
        <span className="tabular">{fmtTimeSec(item.at)}</span>
        {item.app && <span>· {item.app}</span>}
      </div>
      <h2 className="detail-title">{title || item.app || 'Screen'}</h2>
      {item.url && (
        <div className="detail-meta row truncate">
          <IconGlobe size={14} />
          <span className="truncate">{item.url}</span>
        </div>
      )}
      {item.type === 'observation' && text && (
        <div className="detail-ocr">
          <div className="detail-label">{item.kind === 'audio' ? 'What was said' : 'Text on screen'}</div>
          <p data-testid="timeline-detail-text">{text}</p>
        </div>
      )}
      {error && <p className="faint">{error}</p>}
      {full && full.memories.length > 0 && (
        <div className="detail-memories">
          <div className="detail-label">Memories made from this</div>
          <ul>
            {full.memories.map((m) => (
              <li key={m.id}>
                <a href={hrefFor('memories', m.tab, m.id)} className="mini-memory">
                  <KindChip kind={m.tab} />
                  <span className="truncate">{m.title}</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="detail-actions">
        {!damage && itemHref(item, query) && (
          <a className="btn btn-sm" href={itemHref(item, query)!} data-testid="timeline-open-moment">
            Open moment
          </a>
        )}
        <button type="button" className="btn btn-sm btn-danger-ghost" onClick={onDelete}>
          <IconTrash size={14} />
          Delete this moment
        </button>
      </div>
    </div>
  );
}
