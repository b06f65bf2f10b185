import { useDeferredValue, useMemo, useRef, useState } from 'react';
import type { TimelineItemRef } from '../../../../shared/api/index.js';
import { useApi } from '../../lib/api-context.js';
import { dayKey, fmtCount, fmtDay, fmtMinutes, parseDayKey, startOfDay } from '../../lib/format.js';
import { errorText, useAppStore } from '../../state/app-store.js';
import { DayNav } from '../../ui/day-nav.js';
import { EmptyState } from '../../ui/empty-state.js';
import { IconEraser, IconTimeline, IconTrash } from '../../ui/icons.js';
import { MenuButton } from '../../ui/menu.js';
import { VirtualList, type VirtualListHandle } from '../../ui/virtual-list.js';
import { DayScrubber } from './day-scrubber.js';
import { DayStrip } from './day-strip.js';
import { DeleteDialog, refsOf } from './delete-dialog.js';
import { FORGET_CHOICES, ForgetDialog, summary } from './forget-dialog.js';
import { TimelineDetail } from './timeline-detail.js';
import { beforeOpen, itemHref } from './item-link.js';
import { buildRows, Day, filterDay, summarizeDay, type DayItem } from './timeline-model.js';
import { useMarkPainted } from './timeline-perf.js';
import { AppRow, HourRow, ItemRow } from './timeline-row.js';
import { TimelineToolbar, type TimelineFilterState } from './timeline-toolbar.js';
import { useRowTexts } from './use-row-texts.js';
import { useTimelineDay } from './use-timeline-day.js';
import { useTimelineMatch } from './use-timeline-match.js';
import { useTimelineSelection } from './use-timeline-selection.js';

const EMPTY_DAY = new Day({ base: 0, count: 0, strings: [], contexts: [], kind: [], at: [], id: [], context: [], memories: [], span: [], flags: [], text: [], hidden: [], truncated: false });
const NO_FILTERS: TimelineFilterState = { text: '', facets: new Set(), app: null };

/** `at`: a time (ms) to put the scrubber on, the nearest kept frame to it (#/timeline/DAY/MS, from a moment's view). */
export function TimelineScreen({ day, at = null }: { day: string | null; at?: string | null }) {
  const api = useApi();
  const toast = useAppStore((s) => s.toast);
  const bumpData = useAppStore((s) => s.bumpData);
  const date = useMemo(() => (day && /^\d{4}-\d{2}-\d{2}$/.test(day) ? parseDayKey(day) : startOfDay(new Date())), [day]);
  const key = dayKey(date);
  const isToday = key === dayKey(new Date());

  const { items, truncated, days } = useTimelineDay(api, date, key, isToday);
  const [filters, setFilters] = useState<TimelineFilterState>(NO_FILTERS);
  const [forget, setForget] = useState<(typeof FORGET_CHOICES)[number] | null>(null);
  const [confirmDelete, setConfirmDelete] = useState<TimelineItemRef[] | null>(null);
  const list = useRef<VirtualListHandle>(null);
  const deferredText = useDeferredValue(filters.text);
  const matched = useTimelineMatch(api, date, key, deferredText.trim(), items);

  const shown = items ?? EMPTY_DAY;
  // Filtering gives item indexes (no copies of items); grouping reads the day's number columns.
  const { facets, app } = filters;
  const filtered = useMemo(() => filterDay(shown, { facets, app, matches: matched }), [shown, facets, app, matched]);
  const model = useMemo(() => buildRows(shown, filtered), [shown, filtered]);
  const texts = useRowTexts(api, items, model);
  const daySummary = useMemo(() => (items ? summarizeDay(items) : null), [items]);
  const apps = daySummary?.apps ?? [];
  useMarkPainted(items, model);

  function askDelete(keys: Iterable<string>) {
    const refs = refsOf(keys);
    if (refs.length) setConfirmDelete(refs);
  }
  // Enter on a row opens it: a screen moment in the moment view (with the filter's words), a memory in Memories.
  function openItem(it: DayItem) {
    const href = itemHref(it, deferredText.trim());
    if (!href) return;
    beforeOpen(it);
    window.location.hash = href;
  }
  const selection = useTimelineSelection(shown, model, key, list, askDelete, openItem);
  const { selected, focus, focusedItem } = selection;

  async function doDelete(refs: TimelineItemRef[]) {
    setConfirmDelete(null);
    try {
      const { report } = await api.call('timeline.delete', { items: refs });
      toast(`Deleted: ${summary(report)}.`);
      selection.reset();
      bumpData();
    } catch (e) {
      toast(errorText(e), 'error');
    }
  }

  const filtering = filters.text !== '' || facets.size > 0 || app !== null;

  return (
    <div className="timeline-page">
      <header className="page-header">
        <div className="grow">
          <h1>{fmtDay(date)}</h1>
          <div className="subtitle tabular" aria-live="polite">
            {items === null
              ? 'Loading…'
              : items.count === 0
                ? 'Nothing captured on this day'
                : `${fmtCount(daySummary?.screens ?? 0, 'moment')} · ${fmtCount(daySummary?.memories ?? 0, 'memory', 'memories')} · ${fmtMinutes(daySummary?.activeMinutes ?? 0)} active · ${fmtCount(apps.length, 'app')}`}
          </div>
        </div>
        <DayNav screen="timeline" date={date} inputId="tl-date" label="Day">
          <MenuButton
            label={
              <>
                <IconEraser size={15} />
                Forget…
              </>
            }
            heading="Forget everything from"
            items={FORGET_CHOICES.map((c) => ({ label: c.label, onSelect: () => setForget(c) }))}
          />
        </DayNav>
      </header>

      <DayStrip days={days} selected={key} />

      {items && items.count > 0 && <DayScrubber day={items} dayKey={key} at={at && /^\d+$/.test(at) ? Number(at) : null} />}

      <TimelineToolbar filters={filters} apps={apps} onChange={setFilters} />

      {selected.size > 0 && (
        <div className="selection-bar" role="region" aria-label="Selection">
          <span>
            <strong>{selected.size.toLocaleString()}</strong> selected
          </span>
          <span className="faint">Shift-click to select a range · Esc to clear</span>
          <span className="spacer" />
          <button type="button" className="btn btn-sm btn-ghost" onClick={selection.clear}>
            Clear
          </button>
          <button type="button" className="btn btn-sm btn-danger" onClick={() => askDelete(selected)}>
            <IconTrash size={14} />
            Delete selected
          </button>
        </div>
      )}

      <div className="split tl-split">
        <div className="pane tl-pane">
          {items === null ? (
            <div className="tl-loading" aria-busy="true">
              {Array.from({ length: 6 }, (_, i) => (
                <div key={i} className="skeleton" style={{ height: 62, marginBottom: 10 }} />
              ))}
            </div>
          ) : model.count === 0 ? (
            <EmptyState icon={<IconTimeline size={22} />} title={filtering ? 'Nothing matches these filters' : 'A quiet day'}>
              {filtering ? 'Try fewer filters or another word.' : isToday ? 'What you do on screen today will appear here as Engram sees it.' : 'Nothing was captured on this day.'}
            </EmptyState>
          ) : (
            <VirtualList
              ref={list}
              className="tl-list"
              count={model.count}
              offsets={model.offsets}
              role="listbox"
              ariaLabel={`Moments of ${fmtDay(date)}`}
              ariaMultiselectable
              ariaActivedescendant={focusedItem ? `tl-${focusedItem.key}` : undefined}
              tabIndex={0}
              onKeyDown={selection.onKeyDown}
              renderRow={(r, top) => {
                const x = model.ref[r]!;
                if (x >= 0) {
                  texts.drawn(r);
                  const it = shown.item(x);
                  return <ItemRow key={it.key} item={it} row={r} top={top} selected={selected.has(it.key)} focused={r === focus} onPointer={selection.onPointer} />;
                }
                const h = model.headers[-1 - x]!;
                return h.type === 'hour' ? <HourRow key={h.key} header={h} top={top} /> : <AppRow key={h.key} header={h} top={top} />;
              }}
            />
          )}
          {truncated && <div className="tl-truncated faint">Showing the first {items?.count.toLocaleString()} items of this day.</div>}
        </div>
        <aside className="pane pane-aside" aria-label="Details">
          {focusedItem ? (
            <TimelineDetail item={focusedItem} query={deferredText.trim()} onDelete={() => askDelete([focusedItem.key])} />
          ) : (
            <EmptyState icon={<IconTimeline size={22} />} title="Pick a moment">
              Select something on the left to see the screen and what Engram learned from it. Use ↑ ↓ to move, Space to select, Delete to remove.
            </EmptyState>
          )}
        </aside>
      </div>

      {forget && <ForgetDialog what={{ span: 'last', minutes: forget.minutes }} title={forget.title} onClose={() => setForget(null)} />}
      {confirmDelete && <DeleteDialog refs={confirmDelete} onCancel={() => setConfirmDelete(null)} onDelete={(refs) => void doDelete(refs)} />}
    </div>
  );
}
