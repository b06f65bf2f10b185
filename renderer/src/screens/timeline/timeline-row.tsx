import { memo } from 'react';
import type { TimelineItem } from '../../../../shared/api/index.js';
import { fmtHour, fmtMinutes, fmtShortTime, fmtTime } from '../../lib/format.js';
import { KIND_SINGULAR } from '../../lib/kinds.js';
import { FrameThumb } from '../../ui/frame-thumb.js';
import { IconCheck, IconMic } from '../../ui/icons.js';
import { ROW_HEIGHT, type Row } from './timeline-model.js';

function appInitial(app: string): string {
  return (app.trim()[0] ?? '?').toUpperCase();
}

/** Stable hue per app name, so the same app always gets the same tint. */
export function appHue(app: string): number {
  let h = 0;
  for (let i = 0; i < app.length; i++) h = (h * 31 + app.charCodeAt(i)) % 360;
  return h;
}

interface RowProps {
  row: Row;
  top: number;
  selected: boolean;
  focused: boolean;
  /** toggle: the click was on the check box (select without opening). */
  onPointer(row: Extract<Row, { type: 'item' }>, e: React.MouseEvent, toggle?: boolean): void;
}

export const TimelineRow = memo(function TimelineRow({ row, top, selected, focused, onPointer }: RowProps) {
  const style = { top, height: ROW_HEIGHT[row.type] };
  if (row.type === 'hour') {
    return (
      <div className="tl-hour" style={style} role="presentation">
        <span className="tl-hour-label">{fmtHour(new Date(row.start))}</span>
        <span className="tl-hour-meta faint">
          {row.count.toLocaleString()} {row.count === 1 ? 'moment' : 'moments'} · {row.apps} {row.apps === 1 ? 'app' : 'apps'}
        </span>
        <span className="tl-hour-rule" />
      </div>
    );
  }
  if (row.type === 'app') {
    const mins = (row.end - row.start) / 60_000;
    return (
      <div className="tl-app" style={style} role="presentation">
        <span className="app-avatar" style={{ ['--hue' as string]: appHue(row.app) }} aria-hidden="true">
          {appInitial(row.app)}
        </span>
        <span className="tl-app-name truncate">{row.app}</span>
        <span className="faint tabular">
          {fmtTime(row.start)}
          {mins >= 1 ? ` – ${fmtTime(row.end)} · ${fmtMinutes(mins)}` : ''}
        </span>
      </div>
    );
  }
  const item = row.item;
  return (
    <div
      id={`tl-${row.key}`}
      className={`tl-item tl-${item.type}${selected ? ' selected' : ''}${focused ? ' focused' : ''}${item.type === 'memory' ? ` kind-${item.experience ? 'experience' : item.kind}` : ''}`}
      style={style}
      role="option"
      aria-selected={selected}
      data-testid="timeline-item"
      data-item-type={item.type}
      data-item-id={item.id}
      onMouseDown={(e) => {
        if (e.shiftKey) e.preventDefault();
      }}
      onClick={(e) => onPointer(row, e)}
    >
      <span
        className="tl-check"
        aria-hidden="true"
        data-testid="timeline-check"
        onClick={(e) => {
          e.stopPropagation();
          onPointer(row, e, true);
        }}
      >
        {selected && <IconCheck size={12} />}
      </span>
      <span className="tl-time tabular">{fmtShortTime(item.at)}</span>
      <ItemBody item={item} />
    </div>
  );
});

function ItemBody({ item }: { item: TimelineItem }) {
  if (item.type === 'memory') {
    const kind = item.experience ? 'experience' : item.kind;
    return (
      <span className="tl-memory-body">
        <span className="tl-kind-bar" aria-hidden="true" />
        <span className="grow">
          <span className="row">
            <span className={`chip kind-chip kind-${kind}`}>
              <span className="dot" aria-hidden="true" />
              {KIND_SINGULAR[kind]}
            </span>
            <span className="tl-title truncate">{item.title || item.text}</span>
          </span>
          {item.title && <span className="tl-text truncate">{item.text}</span>}
        </span>
      </span>
    );
  }
  const isAudio = item.type === 'observation' && item.source === 'audio';
  const frameId = item.type === 'frame' ? item.id : item.frame_id;
  const text = item.type === 'observation' ? item.text : '';
  return (
    <>
      {isAudio ? (
        <span className="thumb thumb-placeholder static" aria-hidden="true">
          <IconMic size={18} />
        </span>
      ) : (
        <FrameThumb frameId={frameId} alt={item.title ? `Screen: ${item.title}` : 'Screen'} />
      )}
      <span className="grow tl-obs-text">
        <span className="tl-title truncate">{item.title || item.app || (isAudio ? 'Heard' : 'Screen')}</span>
        <span className="tl-text clamp-2">
          {item.type === 'frame' ? <em className="faint">{item.damaged ? 'Image damaged' : 'Reading the text on screen…'}</em> : text || <em className="faint">No text on screen</em>}
        </span>
      </span>
      {item.memory_ids.length > 0 && (
        <span className="tl-mem-count" title={`${item.memory_ids.length} memories made from this`}>
          {item.memory_ids.length}
        </span>
      )}
    </>
  );
}
