import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useApi } from '../../lib/api-context.js';
import { fmtTimeSec } from '../../lib/format.js';
import { navigate } from '../../lib/route.js';
import { scrubFrames } from '../../lib/scrub-frames.js';
import { useAppStore } from '../../state/app-store.js';
import type { Day } from './timeline-model.js';
import { useScrubHold } from './use-scrub-hold.js';
import { useScrubPrefetch } from './use-scrub-prefetch.js';

/** The day's kept frames: items with a picture, oldest first (observation ids stand for their frame). */
export function scrubbable(day: Day): number[] {
  const out: number[] = [];
  for (let i = 0; i < day.count; i++) if (day.type(i) !== 'memory' && day.item(i).pictureId) out.push(i);
  return out;
}

/** The index among `frames` of the frame nearest to `ms` (frames sorted oldest first). */
export function nearestFrame(day: Day, frames: readonly number[], ms: number): number {
  let lo = 0;
  let hi = frames.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (day.time(frames[mid]!) < ms) lo = mid + 1;
    else hi = mid;
  }
  return lo > 0 && ms - day.time(frames[lo - 1]!) <= day.time(frames[lo]!) - ms ? lo - 1 : lo;
}

/** Where the cursor starts: the frame nearest the moment asked for, else the day's last. */
function startOf(day: Day, frames: readonly number[], at: number | null): number {
  return at !== null && frames.length > 0 ? nearestFrame(day, frames, at) : Math.max(0, frames.length - 1);
}

/**
 * Scrub the day like a video: a track of the day's kept frames; drag along it, or hold ← / → to
 * flip through them at up to 30 frames a second; the app and window title under the cursor; Enter
 * or a click on the picture opens that moment's view. Pictures are the host's thumbnails, prefetched
 * around the cursor and decoded off the main thread (ScrubFrames), drawn on a canvas. The moments
 * list beside stays the way through the day for keyboard and screen-reader users. `at` (a time, from
 * a moment's view: a search hit or a citation) puts the cursor on the frame nearest to it.
 */
export function DayScrubber({ day, dayKey, at = null }: { day: Day; dayKey: string; at?: number | null }) {
  const api = useApi();
  const dataVersion = useAppStore((s) => s.dataVersion);
  const cache = scrubFrames(api);
  const frames = useMemo(() => scrubbable(day), [day]);
  const n = frames.length;
  const [cursor, setCursor] = useState(() => startOf(day, frames, at));
  const cursorRef = useRef(cursor);
  const canvas = useRef<HTMLCanvasElement>(null);
  const track = useRef<HTMLDivElement>(null);
  const drawn = useRef(-1);
  const shownAt = useRef(0);
  const [warm, setWarm] = useState(false);

  const idAt = useCallback((k: number) => day.data.id[frames[k]!]!, [day, frames]);

  // A new day (or moment asked for) starts at its last frame (or that moment); a day that grows (today) keeps the cursor where it was.
  const shownDay = useRef(`${dayKey}@${at}`);
  useEffect(() => {
    if (shownDay.current !== `${dayKey}@${at}` || cursorRef.current >= n) {
      shownDay.current = `${dayKey}@${at}`;
      cursorRef.current = startOf(day, frames, at);
      setCursor(cursorRef.current);
      drawn.current = -1;
    }
  }, [dayKey, at, n]);

  // Deleted or forgotten moments: their pictures must not linger here either.
  const version = useRef(dataVersion);
  useEffect(() => {
    if (version.current === dataVersion) return;
    version.current = dataVersion;
    cache.clear();
    drawn.current = -1;
  }, [cache, dataVersion]);

  const draw = useCallback(
    (k: number): boolean => {
      const c = canvas.current;
      if (!c || k >= n) return false;
      const bm = cache.peek(idAt(k));
      if (!bm) return false;
      paint(c, bm);
      drawn.current = k;
      shownAt.current = performance.now();
      // What the UI benchmark and tests read: which frame the canvas holds now.
      c.dataset.shown = String(k);
      return true;
    },
    [cache, idAt, n],
  );

  const { prefetch, again } = useScrubPrefetch(cache, idAt, n);

  /** Moves the cursor to frame k: its picture at once when decoded, else as soon as it comes. */
  const show = useCallback(
    (k: number, dir: 1 | -1 = 1) => {
      if (n === 0) return;
      const next = Math.max(0, Math.min(n - 1, k));
      cursorRef.current = next;
      setCursor(next);
      if (!draw(next)) {
        void cache.load(idAt(next)).then(() => {
          if (cursorRef.current === next) draw(next);
        });
      }
      if (warm) prefetch(next, dir);
    },
    [cache, draw, idAt, n, prefetch, warm],
  );

  // The cursor's picture on first show (and after a clear); the window around it once the user comes near.
  useLayoutEffect(() => {
    if (n > 0 && drawn.current !== cursorRef.current) show(cursorRef.current);
  });
  const wake = () => {
    if (warm) return;
    setWarm(true);
    again();
    prefetch(cursorRef.current, -1);
  };

  const { startHold, stopHold } = useScrubHold(cursorRef, n, (k) => drawn.current === k || cache.hasFailed(idAt(k)), show);

  const open = () => n > 0 && navigate('moment', idAt(cursorRef.current));

  function onKeyDown(e: KeyboardEvent) {
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (step) {
      e.preventDefault();
      wake();
      // The key's own repeats are ignored: the hold loop sets the pace, whatever the OS repeat rate.
      if (e.repeat) return;
      show(cursorRef.current + step, step);
      startHold(step);
      return;
    }
    const jump = { Home: -n, End: n, PageUp: -10, PageDown: 10 }[e.key];
    if (jump !== undefined) {
      e.preventDefault();
      wake();
      show(cursorRef.current + jump, jump > 0 ? 1 : -1);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      open();
    }
  }

  function onKeyUp(e: KeyboardEvent) {
    if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') stopHold();
  }

  const indexAt = (clientX: number) => {
    const r = track.current!.getBoundingClientRect();
    return Math.round(((clientX - r.left) / Math.max(1, r.width)) * (n - 1));
  };
  function onPointerDown(e: PointerEvent) {
    if (e.button !== 0) return;
    wake();
    e.currentTarget.setPointerCapture(e.pointerId);
    (e.currentTarget as HTMLElement).focus();
    const k = indexAt(e.clientX);
    show(k, k >= cursorRef.current ? 1 : -1);
  }
  function onPointerMove(e: PointerEvent) {
    if (!e.currentTarget.hasPointerCapture(e.pointerId)) return;
    const k = indexAt(e.clientX);
    if (k !== cursorRef.current) show(k, k > cursorRef.current ? 1 : -1);
  }

  if (n === 0) return null;
  const it = day.item(frames[Math.min(cursor, n - 1)]!);
  const where = `${it.app ?? 'Unknown app'}${it.title ? ` — ${it.title}` : ''}`;
  return (
    <section className="scrubber" aria-label="Scrub the day" data-testid="scrubber" onPointerEnter={wake}>
      <button type="button" className="scrub-picture" onClick={open} aria-label={`Open this moment: ${where}`} data-testid="scrub-open">
        <canvas ref={canvas} className="scrub-canvas" data-testid="scrub-canvas" data-frame-id={idAt(Math.min(cursor, n - 1))} width={320} height={200} />
      </button>
      <div className="scrub-side">
        <ScrubMeta item={it} cursor={cursor} n={n} />
        <div
          ref={track}
          className="scrub-track"
          data-testid="scrub-track"
          role="slider"
          tabIndex={0}
          aria-label="Frames of the day"
          aria-valuemin={1}
          aria-valuemax={n}
          aria-valuenow={cursor + 1}
          aria-valuetext={`${fmtTimeSec(it.at)}, ${where} (frame ${cursor + 1} of ${n}; Enter opens it)`}
          onKeyDown={onKeyDown}
          onKeyUp={onKeyUp}
          onBlur={stopHold}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
        >
          <TrackTicks day={day} frames={frames} />
          <span className="scrub-cursor" style={{ left: `${(cursor / Math.max(1, n - 1)) * 100}%` }} />
        </div>
        <div className="scrub-ends faint tabular">
          <span>{fmtTimeSec(day.time(frames[0]!))}</span>
          <span>Drag, or hold ← → · Enter opens the moment</span>
          <span>{fmtTimeSec(day.time(frames[n - 1]!))}</span>
        </div>
      </div>
    </section>
  );
}

/** Puts a decoded picture on the canvas, resizing the canvas to it. */
function paint(c: HTMLCanvasElement, bm: ImageBitmap): void {
  if (c.width !== bm.width || c.height !== bm.height) {
    c.width = bm.width;
    c.height = bm.height;
  }
  c.getContext('2d')?.drawImage(bm, 0, 0);
}

/** What the cursor's frame is: its time, app and window title, and where it is among the day's frames. */
function ScrubMeta({ item, cursor, n }: { item: ReturnType<Day['item']>; cursor: number; n: number }) {
  return (
    <div className="scrub-meta">
      <span className="tabular" data-testid="scrub-time">{fmtTimeSec(item.at)}</span>
      <span className="scrub-app" data-testid="scrub-app">{item.app ?? 'Unknown app'}</span>
      <span className="scrub-title truncate" data-testid="scrub-title" title={item.title ?? undefined}>{item.title ?? ''}</span>
      <span className="faint tabular scrub-count">
        {(cursor + 1).toLocaleString()} / {n.toLocaleString()}
      </span>
    </div>
  );
}

/** One tick per frame, coloured by app, so runs of work show on the track (drawn once per day and width). */
function TrackTicks({ day, frames }: { day: Day; frames: number[] }) {
  const ref = useRef<HTMLCanvasElement>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const c = ref.current;
    if (!c) return;
    const ro = new ResizeObserver(() => setWidth(Math.round(c.clientWidth)));
    ro.observe(c);
    setWidth(Math.round(c.clientWidth));
    return () => ro.disconnect();
  }, []);
  useEffect(() => {
    const c = ref.current;
    const ctx = c?.getContext('2d');
    if (!c || !ctx || width === 0) return;
    c.width = width;
    c.height = 24;
    ctx.clearRect(0, 0, width, 24);
    const n = frames.length;
    for (let k = 0; k < n; k++) {
      const a = day.appRef(frames[k]!);
      ctx.fillStyle = `hsl(${(a * 67) % 360} 55% 55%)`;
      ctx.fillRect(Math.floor((k / Math.max(1, n - 1)) * (width - 1)), 0, 1, 24);
    }
  }, [day, frames, width]);
  return <canvas ref={ref} className="scrub-ticks" aria-hidden="true" />;
}
