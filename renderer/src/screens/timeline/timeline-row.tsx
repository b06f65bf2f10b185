import { memo } from 'react';
import { fmtHour, fmtMinutes, fmtShortTime, fmtTime } from '../../lib/format.js';
import { KIND_SINGULAR } from '../../lib/kinds.js';
import { FrameThumb } from '../../ui/frame-thumb.js';
import { IconAlert, IconCheck, IconEyeOff, IconMic } from '../../ui/icons.js';
import { hiddenLabel, hiddenShort } from './hidden-label.js';
import { ROW_HEIGHT, type AppHeader, type DayItem, type HourHeader } from './timeline-model.js';

function appInitial(app: string): string {
  return (app.trim()[0] ?? '?').toUpperCase();
}

/** Stable hue per app name, so the same app always gets the same tint. */
export function appHue(app: string): number {
  let h = 0;
  for (let i = 0; i < app.length; i++) h = (h * 31 + app.charCodeAt(i)) % 360;
  return h;
}

export const DAMAGED_TITLE = 'The screenshot file is damaged, so it cannot be shown. The text read from it is kept.';

export const HourRow = memo(function HourRow({ header, top }: { header: HourHeader; top: number }) {
  return (
    <div className="tl-hour" style={{ top, height: ROW_HEIGHT.hour }} role="presentation">
      <span className="tl-hour-label">{fmtHour(new Date(header.start))}</span>
      <span className="tl-hour-meta faint">
        {header.count.toLocaleString()} {header.count === 1 ? 'moment' : 'moments'} · {header.apps} {header.apps === 1 ? 'app' : 'apps'}
      </span>
      <span className="tl-hour-rule" />
    </div>
  );
});

export const AppRow = memo(function AppRow({ header, top }: { header: AppHeader; top: number }) {
  const mins = (header.end - header.start) / 60_000;
  return (
    <div className="tl-app" style={{ top, height: ROW_HEIGHT.app }} role="presentation">
      <span className="app-avatar" style={{ ['--hue' as string]: appHue(header.app) }} aria-hidden="true">
        {appInitial(header.app)}
      </span>
      <span className="tl-app-name truncate">{header.app}</span>
      <span className="faint tabular">
        {fmtTime(header.start)}
        {mins >= 1 ? ` – ${fmtTime(header.end)} · ${fmtMinutes(mins)}` : ''}
      </span>
    </div>
  );
});

interface ItemRowProps {
  item: DayItem;
  /** Index of this row in the list. */
  row: number;
  top: number;
  selected: boolean;
  focused: boolean;
  /** toggle: the click was on the check box (select without opening). */
  onPointer(row: number, item: DayItem, e: React.MouseEvent, toggle?: boolean): void;
}

export const ItemRow = memo(function ItemRow({ item, row, top, selected, focused, onPointer }: ItemRowProps) {
  const memory = item.type === 'memory';
  return (
    <div
      id={`tl-${item.key}`}
      className={`tl-item tl-${item.type}${selected ? ' selected' : ''}${focused ? ' focused' : ''}${memory ? ` kind-${item.kind}` : ''}`}
      style={{ top, height: ROW_HEIGHT.item }}
      role="option"
      aria-selected={selected}
      data-testid="timeline-item"
      data-item-type={item.type}
      data-item-id={item.id}
      data-damaged={item.damaged || undefined}
      onMouseDown={(e) => {
        if (e.shiftKey) e.preventDefault();
      }}
      onClick={(e) => onPointer(row, item, e)}
    >
      <span
        className="tl-check"
        aria-hidden="true"
        data-testid="timeline-check"
        onClick={(e) => {
          e.stopPropagation();
          onPointer(row, item, e, true);
        }}
      >
        {selected && <IconCheck size={12} />}
      </span>
      <span className="tl-time tabular">{fmtShortTime(item.at)}</span>
      {memory ? <MemoryBody item={item} /> : <MomentBody item={item} />}
    </div>
  );
});

function MemoryBody({ item }: { item: DayItem }) {
  const kind = item.kind as keyof typeof KIND_SINGULAR;
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
        {item.title && <span className="tl-text truncate">{item.text ?? '\u00a0'}</span>}
      </span>
    </span>
  );
}

function MomentBody({ item }: { item: DayItem }) {
  const isAudio = item.kind === 'audio';
  const alt = item.title ? `Screen: ${item.title}` : 'Screen';
  const label = hiddenLabel(item.hidden);
  const hidden = label ? { label, short: hiddenShort(item.hidden)! } : null;
  return (
    <>
      {isAudio ? (
        <span className="thumb thumb-placeholder static" aria-hidden="true">
          <IconMic size={18} />
        </span>
      ) : item.damaged ? (
        // No request for a picture that cannot come: the file failed to decrypt or decode before.
        <span className="thumb thumb-placeholder static" role="img" aria-label={`${alt} (screenshot file damaged)`} title={DAMAGED_TITLE}>
          <IconAlert size={18} />
        </span>
      ) : (
        <FrameThumb frameId={item.pictureId} alt={alt} />
      )}
      <span className="grow tl-obs-text">
        <span className="row">
          <span className="tl-title truncate">{item.title || item.app || (isAudio ? 'Heard' : 'Screen')}</span>
          {item.damaged && (
            <span className="badge badge-danger" title={DAMAGED_TITLE} data-testid="timeline-damaged">
              Damaged
            </span>
          )}
          {hidden && (
            // The frame has these windows filled (the privacy gate); the row says so before it is opened.
            <span className="badge" title={hidden.label} aria-label={hidden.label} data-testid="timeline-row-hidden">
              <IconEyeOff size={12} />
              {hidden.short}
            </span>
          )}
        </span>
        <span className="tl-text clamp-2">
          {item.type === 'frame' ? (
            <em className="faint">{item.damaged ? 'Screenshot file damaged' : 'Reading the text on screen…'}</em>
          ) : item.text === null ? (
            // On its way (timeline.texts): keep the row's height, no flashing placeholder text.
            '\u00a0'
          ) : (
            item.text || <em className="faint">No text on screen</em>
          )}
        </span>
      </span>
      {item.memories > 0 && (
        <span className="tl-mem-count" title={`${item.memories} ${item.memories === 1 ? 'memory' : 'memories'} made from this`}>
          {item.memories}
        </span>
      )}
    </>
  );
}
