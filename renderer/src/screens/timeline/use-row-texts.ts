import { useCallback, useEffect, useRef, useState } from 'react';
import type { ApiClient } from '../../../../shared/api/index.js';
import type { Day, RowModel } from './timeline-model.js';

/** Rows above and below the ones drawn whose texts come along, so a slow scroll finds them there. */
const BEHIND = 40;
const AHEAD = 200;
/** Wait for scrolling to pause: rows flying past cost nothing. */
const SETTLE_MS = 60;
const MAX_PER_CALL = 400;

/**
 * The texts of the rows in view (a day comes with those of its first rows only). The list calls
 * `drawn(row)` for each row it draws; once drawing pauses, the texts missing around those rows come
 * in one timeline.texts call, and `version` changes so the rows show them.
 */
export function useRowTexts(api: ApiClient, day: Day | null, model: RowModel): { drawn(row: number): void; version: number } {
  const [version, setVersion] = useState(0);
  const range = useRef({ lo: Infinity, hi: -1 });
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef({ day, model });
  latest.current = { day, model };

  const flush = useCallback(() => {
    timer.current = null;
    const { day: d, model: m } = latest.current;
    const { lo, hi } = range.current;
    range.current = { lo: Infinity, hi: -1 };
    if (!d || hi < 0) return;
    const indexes: number[] = [];
    for (let r = Math.max(0, lo - BEHIND); r <= Math.min(m.count - 1, hi + AHEAD); r++) {
      const x = m.ref[r]!;
      if (x >= 0) indexes.push(x);
    }
    const want = d.takeMissingTexts(indexes, MAX_PER_CALL);
    if (want.length === 0) return;
    api.call('timeline.texts', { items: want.map((i) => d.ref(i)) }).then(
      (r) => {
        d.setTexts(want, r.texts);
        if (latest.current.day === d) setVersion((v) => v + 1);
      },
      () => d.forgetTexts(want),
    );
  }, [api]);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  // Called while the list renders: it only notes the row and (re)arms a timer.
  const drawn = useCallback(
    (row: number) => {
      const r = range.current;
      if (row < r.lo) r.lo = row;
      if (row > r.hi) r.hi = row;
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(flush, SETTLE_MS);
    },
    [flush],
  );

  return { drawn, version };
}
