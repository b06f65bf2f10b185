import { useCallback, useDeferredValue, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { ApiClient, DaySummary, TimelineDay, TimelineItemRef } from '../../../../shared/api/index.js';
import { useApi } from '../../lib/api-context.js';
import { addDays, dayKey, fmtCount, fmtDay, fmtMinutes, parseDayKey, startOfDay } from '../../lib/format.js';
import { KIND_LABEL } from '../../lib/kinds.js';
import { hrefFor, navigate } from '../../lib/route.js';
import { errorText, useAppStore } from '../../state/app-store.js';
import { Dialog } from '../../ui/dialog.js';
import { EmptyState } from '../../ui/empty-state.js';
import { IconChevronLeft, IconChevronRight, IconEraser, IconSearch, IconTimeline, IconTrash, IconX } from '../../ui/icons.js';
import { MenuButton } from '../../ui/menu.js';
import { VirtualList, type VirtualListHandle } from '../../ui/virtual-list.js';
import { DayStrip } from './day-strip.js';
import { FORGET_CHOICES, ForgetDialog, summary } from './forget-dialog.js';
import { TimelineDetail } from './timeline-detail.js';
import { buildRows, Day, filterDay, itemPosition, summarizeDay, type DayItem, type Facet } from './timeline-model.js';
import { AppRow, HourRow, ItemRow } from './timeline-row.js';
import { useRowTexts } from './use-row-texts.js';

const FACETS: { facet: Facet; label: string }[] = [
  { facet: 'screen', label: 'Screens' },
  { facet: 'episodic', label: KIND_LABEL.episodic },
  { facet: 'semantic', label: KIND_LABEL.semantic },
  { facet: 'procedural', label: KIND_LABEL.procedural },
  { facet: 'resource', label: KIND_LABEL.resource },
  { facet: 'knowledge_vault', label: 'Vault' },
  { facet: 'experience', label: KIND_LABEL.experience },
  { facet: 'core', label: KIND_LABEL.core },
];

const EMPTY_DAY = new Day({ base: 0, count: 0, strings: [], contexts: [], kind: [], at: [], id: [], context: [], memories: [], span: [], flags: [], text: [], truncated: false });
/** Typing pauses this long before the host is asked which moments hold the text. */
const MATCH_DELAY_MS = 120;

declare global {
  interface Window {
    /** Timings the UI benchmark reads: when the day's data arrived and when its rows were on screen (painted). */
    __engramPerf?: { timelineData?: number; timelineRendered?: number; timelineItems?: number };
  }
}

/**
 * Asks for a day. Called while rendering (see below), so a render run twice in a row (StrictMode in
 * development) shares one request; the next task asks afresh.
 */
const pendingDay = new WeakMap<ApiClient, { key: string; promise: Promise<TimelineDay> }>();
function requestDay(api: ApiClient, date: Date, version: string): Promise<TimelineDay> {
  const key = `${date.toISOString()}|${version}`;
  const hit = pendingDay.get(api);
  if (hit?.key === key) return hit.promise;
  const promise = api.call('timeline.day', { range: { from: date.toISOString(), to: addDays(date, 1).toISOString() } });
  promise.catch(() => undefined); // handled where it is used; this keeps an abandoned request from being "unhandled"
  pendingDay.set(api, { key, promise });
  queueMicrotask(() => pendingDay.delete(api));
  return promise;
}

export function TimelineScreen({ day }: { day: string | null }) {
  const api = useApi();
  const toast = useAppStore((s) => s.toast);
  const dataVersion = useAppStore((s) => s.dataVersion);
  const bumpData = useAppStore((s) => s.bumpData);
  const date = useMemo(() => (day && /^\d{4}-\d{2}-\d{2}$/.test(day) ? parseDayKey(day) : startOfDay(new Date())), [day]);
  const key = dayKey(date);
  const isToday = key === dayKey(new Date());

  const [items, setItems] = useState<Day | null>(null);
  const [truncated, setTruncated] = useState(false);
  const [days, setDays] = useState<DaySummary[]>([]);
  const [text, setText] = useState('');
  const [facets, setFacets] = useState<Set<Facet>>(new Set());
  const [app, setApp] = useState<string | null>(null);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [anchor, setAnchor] = useState<number | null>(null);
  const [focus, setFocus] = useState<number>(-1);
  const [forget, setForget] = useState<(typeof FORGET_CHOICES)[number] | null>(null);
  const [confirmDelete, setConfirmDelete] = useState<TimelineItemRef[] | null>(null);
  const [reload, setReload] = useState(0);
  const list = useRef<VirtualListHandle>(null);
  const deferredText = useDeferredValue(text);

  // Load the day. The call starts while the screen renders, not once it is committed: React holds
  // the first commit of a lazily loaded screen back (about 300 ms) and the host can work meanwhile.
  // dataVersion and reload are not read: they say when to ask again (after deletes, for new captures).
  const dayRequest = useMemo(() => requestDay(api, date, `${dataVersion}:${reload}`), [api, date, dataVersion, reload]);
  useEffect(() => {
    let live = true;
    dayRequest
      .then((r) => {
        if (!live) return;
        window.__engramPerf = { ...window.__engramPerf, timelineData: performance.now(), timelineItems: r.count };
        setItems(new Day(r));
        setTruncated(r.truncated);
      })
      .catch((e) => live && toast(errorText(e), 'error'));
    return () => {
      live = false;
    };
  }, [dayRequest, toast]);

  useEffect(() => {
    setSelected(new Set());
    setAnchor(null);
    setFocus(-1);
    setItems(null);
  }, [key]);

  useEffect(() => {
    const today = startOfDay(new Date());
    api
      .call('timeline.days', {
        range: { from: addDays(today, -13).toISOString(), to: addDays(today, 1).toISOString() },
        timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC',
      })
      .then((r) => setDays(r.days))
      .catch(() => undefined);
  }, [api, dataVersion, reload]);

  // Today's timeline follows capture: new frames and memories show up within a few seconds. At
  // most one reload per few seconds (capture ticks every 3 s), and none while the window is hidden.
  useEffect(() => {
    if (!isToday) return;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const soon = () => {
      if (timer) return;
      timer = setTimeout(() => {
        timer = null;
        if (document.visibilityState === 'visible') setReload((n) => n + 1);
        else document.addEventListener('visibilitychange', () => setReload((n) => n + 1), { once: true });
      }, 4000);
    };
    const offs = [api.on('frame.added', soon), api.on('observation.added', soon), api.on('memory.changed', soon)];
    return () => {
      offs.forEach((o) => o());
      if (timer) clearTimeout(timer);
    };
  }, [api, isToday]);

  // The filter box searches whole texts on the host (the day carries only the start of a few).
  const needle = deferredText.trim();
  const [matches, setMatches] = useState<{ day: string; ids: Set<string> } | null>(null);
  useEffect(() => {
    if (!needle || !items) return;
    let live = true;
    const timer = setTimeout(() => {
      api
        .call('timeline.match', { range: { from: date.toISOString(), to: addDays(date, 1).toISOString() }, text: needle })
        .then((r) => live && setMatches({ day: key, ids: new Set(r.ids) }))
        .catch((e) => live && toast(errorText(e), 'error'));
    }, MATCH_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [api, date, key, needle, items, toast]);
  // Until the host answers for a new text, the last answer for this day stands.
  const matched = needle && matches?.day === key ? matches.ids : null;

  const shown = items ?? EMPTY_DAY;
  // Filtering gives item indexes (no copies of items); grouping reads the day's number columns.
  const filtered = useMemo(() => filterDay(shown, { facets, app, matches: matched }), [shown, facets, app, matched]);
  const model = useMemo(() => buildRows(shown, filtered), [shown, filtered]);
  const texts = useRowTexts(api, items, model);
  const daySummary = useMemo(() => (items ? summarizeDay(items) : null), [items]);
  const apps = daySummary?.apps ?? [];
  const minutes = daySummary?.activeMinutes ?? 0;
  const itemRowIndexes = model.itemRows;

  useLayoutEffect(() => {
    if (items === null) return;
    // After the next frame is painted: a message posted from requestAnimationFrame runs once it is.
    requestAnimationFrame(() => {
      const ch = new MessageChannel();
      ch.port1.onmessage = () => {
        window.__engramPerf = { ...window.__engramPerf, timelineRendered: performance.now() };
      };
      ch.port2.postMessage(0);
    });
  }, [items, model]);

  const itemAt = (r: number): DayItem | null => {
    const x = r >= 0 && r < model.count ? model.ref[r]! : -1;
    return x >= 0 ? shown.item(x) : null;
  };
  const focusedItem = focus >= 0 ? itemAt(focus) : null;

  const selectRange = useCallback(
    (a: number, b: number, base: Set<string>) => {
      const next = new Set(base);
      const lo = Math.max(0, Math.min(a, b));
      const hi = Math.min(model.count - 1, Math.max(a, b));
      for (let r = lo; r <= hi; r++) {
        const x = model.ref[r]!;
        if (x >= 0) next.add(shown.key(x));
      }
      return next;
    },
    [shown, model],
  );

  const onPointer = useCallback(
    (idx: number, item: DayItem, e: React.MouseEvent, toggle?: boolean) => {
      if (e.shiftKey && anchor !== null) {
        // Shift-click: everything between the last clicked item and this one.
        setSelected(selectRange(anchor, idx, e.metaKey || e.ctrlKey ? selected : new Set()));
      } else if (toggle || e.metaKey || e.ctrlKey) {
        const next = new Set(selected);
        if (next.has(item.key)) next.delete(item.key);
        else next.add(item.key);
        setSelected(next);
        setAnchor(idx);
      } else {
        // A plain click opens the moment in the side panel; selecting is for the check box.
        setAnchor(idx);
      }
      setFocus(idx);
    },
    [anchor, selected, selectRange],
  );

  function moveFocus(delta: number, extend: boolean) {
    if (itemRowIndexes.length === 0) return;
    const pos = itemPosition(itemRowIndexes, focus);
    const last = itemRowIndexes.length - 1;
    // Nothing focused yet: an arrow starts at its end of the list, Home and End go where they say.
    const start = Math.abs(delta) === 1 ? (delta > 0 ? -1 : last + 1) : delta > 0 ? last : 0;
    const nextPos = Math.max(0, Math.min(last, pos === -1 ? start + (Math.abs(delta) === 1 ? delta : 0) : pos + delta));
    const idx = itemRowIndexes[nextPos]!;
    setFocus(idx);
    list.current?.scrollToIndex(idx);
    if (extend) {
      const a = anchor ?? idx;
      setAnchor(a);
      setSelected(selectRange(a, idx, new Set()));
    }
  }

  function onKeyDown(e: React.KeyboardEvent) {
    if (e.key === 'ArrowDown' || e.key === 'j') {
      e.preventDefault();
      moveFocus(1, e.shiftKey);
    } else if (e.key === 'ArrowUp' || e.key === 'k') {
      e.preventDefault();
      moveFocus(-1, e.shiftKey);
    } else if (e.key === 'Home' || e.key === 'End') {
      e.preventDefault();
      moveFocus(e.key === 'Home' ? -1e9 : 1e9, e.shiftKey);
    } else if (e.key === ' ' && focusedItem) {
      e.preventDefault();
      const next = new Set(selected);
      if (next.has(focusedItem.key)) next.delete(focusedItem.key);
      else next.add(focusedItem.key);
      setSelected(next);
      setAnchor(focus);
    } else if ((e.key === 'a' || e.key === 'A') && (e.metaKey || e.ctrlKey)) {
      e.preventDefault();
      setSelected(selectRange(0, model.count - 1, new Set()));
    } else if (e.key === 'Escape') {
      setSelected(new Set());
    } else if ((e.key === 'Delete' || e.key === 'Backspace') && selected.size > 0) {
      e.preventDefault();
      askDelete();
    }
  }

  function refsOf(keys: Iterable<string>): TimelineItemRef[] {
    return [...keys].map((k) => {
      const i = k.indexOf(':');
      return { type: k.slice(0, i) as TimelineItemRef['type'], id: k.slice(i + 1) };
    });
  }

  function askDelete(keys: Iterable<string> = selected) {
    const refs = refsOf(keys);
    if (refs.length) setConfirmDelete(refs);
  }

  async function doDelete(refs: TimelineItemRef[]) {
    setConfirmDelete(null);
    try {
      const { report } = await api.call('timeline.delete', { items: refs });
      toast(`Deleted: ${summary(report)}.`);
      setSelected(new Set());
      setFocus(-1);
      bumpData();
    } catch (e) {
      toast(errorText(e), 'error');
    }
  }

  function toggleFacet(f: Facet) {
    const next = new Set(facets);
    if (next.has(f)) next.delete(f);
    else next.add(f);
    setFacets(next);
  }

  const screenCount = daySummary?.screens ?? 0;
  const memoryCount = daySummary?.memories ?? 0;
  const filtering = text !== '' || facets.size > 0 || app !== null;

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
                : `${fmtCount(screenCount, 'moment')} · ${fmtCount(memoryCount, 'memory', 'memories')} · ${fmtMinutes(minutes)} active · ${fmtCount(apps.length, 'app')}`}
          </div>
        </div>
        <div className="row">
          <a className="btn btn-icon" href={hrefFor('timeline', dayKey(addDays(date, -1)))} aria-label="Previous day">
            <IconChevronLeft />
          </a>
          <label className="sr-only" htmlFor="tl-date">
            Day
          </label>
          <input
            id="tl-date"
            type="date"
            className="input date-input"
            value={key}
            max={dayKey(new Date())}
            onChange={(e) => e.target.value && navigate('timeline', e.target.value)}
          />
          <a
            className="btn btn-icon"
            href={hrefFor('timeline', dayKey(addDays(date, 1)))}
            aria-label="Next day"
            aria-disabled={isToday}
            onClick={(e) => isToday && e.preventDefault()}
          >
            <IconChevronRight />
          </a>
          {!isToday && (
            <a className="btn" href={hrefFor('timeline')}>
              Today
            </a>
          )}
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
        </div>
      </header>

      <DayStrip days={days} selected={key} />

      <div className="tl-toolbar" role="toolbar" aria-label="Filter the timeline">
        <div className="input-affix tl-search">
          <IconSearch size={15} />
          <input className="input" type="search" placeholder="Filter by text, title or URL" aria-label="Filter by text" value={text} onChange={(e) => setText(e.target.value)} />
        </div>
        <div className="facet-chips" role="group" aria-label="Show kinds">
          {FACETS.map((f) => (
            <button
              key={f.facet}
              type="button"
              className={`chip filter-chip kind-${f.facet === 'screen' ? 'observation' : f.facet}`}
              aria-pressed={facets.has(f.facet)}
              onClick={() => toggleFacet(f.facet)}
            >
              <span className="dot" aria-hidden="true" />
              {f.label}
            </button>
          ))}
        </div>
        <label className="sr-only" htmlFor="tl-app">
          App
        </label>
        <select id="tl-app" className="select tl-app-select" value={app ?? ''} onChange={(e) => setApp(e.target.value || null)}>
          <option value="">All apps</option>
          {apps.map((a) => (
            <option key={a.app} value={a.app}>
              {a.app} ({a.count})
            </option>
          ))}
        </select>
        {filtering && (
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => (setText(''), setFacets(new Set()), setApp(null))}>
            <IconX size={13} />
            Clear
          </button>
        )}
      </div>

      {selected.size > 0 && (
        <div className="selection-bar" role="region" aria-label="Selection">
          <span>
            <strong>{selected.size.toLocaleString()}</strong> selected
          </span>
          <span className="faint">Shift-click to select a range · Esc to clear</span>
          <span className="spacer" />
          <button type="button" className="btn btn-sm btn-ghost" onClick={() => setSelected(new Set())}>
            Clear
          </button>
          <button type="button" className="btn btn-sm btn-danger" onClick={() => askDelete()}>
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
              onKeyDown={onKeyDown}
              renderRow={(r, top) => {
                const x = model.ref[r]!;
                if (x >= 0) {
                  texts.drawn(r);
                  const it = shown.item(x);
                  return <ItemRow key={it.key} item={it} row={r} top={top} selected={selected.has(it.key)} focused={r === focus} onPointer={onPointer} />;
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
            <TimelineDetail item={focusedItem} onDelete={() => askDelete([focusedItem.key])} />
          ) : (
            <EmptyState icon={<IconTimeline size={22} />} title="Pick a moment">
              Select something on the left to see the screen and what Engram learned from it. Use ↑ ↓ to move, Space to select, Delete to remove.
            </EmptyState>
          )}
        </aside>
      </div>

      {forget && <ForgetDialog what={{ span: 'last', minutes: forget.minutes }} title={forget.title} onClose={() => setForget(null)} />}
      {confirmDelete && (
        <Dialog
          title={confirmDelete.length === 1 ? 'Delete this item?' : `Delete ${confirmDelete.length.toLocaleString()} items?`}
          tone="danger"
          icon={<IconTrash size={18} />}
          onClose={() => setConfirmDelete(null)}
          footer={
            <>
              <button type="button" className="btn" onClick={() => setConfirmDelete(null)}>
                Cancel
              </button>
              <button type="button" className="btn btn-danger" data-testid="confirm-delete" onClick={() => void doDelete(confirmDelete)}>
                Delete
              </button>
            </>
          }
        >
          <p>
            {describeRefs(confirmDelete)} will be deleted from this computer. Memories made from these screens go with them, so nothing learned from them
            stays behind.
          </p>
        </Dialog>
      )}
    </div>
  );
}

function describeRefs(refs: TimelineItemRef[]): string {
  const screens = refs.filter((r) => r.type !== 'memory').length;
  const memories = refs.length - screens;
  const parts: string[] = [];
  if (screens) parts.push(fmtCount(screens, 'screen moment'));
  if (memories) parts.push(fmtCount(memories, 'memory', 'memories'));
  return parts.join(' and ');
}
