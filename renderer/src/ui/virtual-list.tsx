import { forwardRef, useCallback, useEffect, useImperativeHandle, useLayoutEffect, useRef, useState, type ReactNode } from 'react';

export interface VirtualListHandle {
  scrollToIndex(index: number): void;
}

interface VirtualListProps {
  count: number;
  /**
   * offsets[i] = top of row i, offsets[count] = total height. Rows have known heights by type, so
   * the caller computes these once per data change and no measuring pass is needed.
   */
  offsets: Float64Array;
  renderRow(index: number, top: number): ReactNode;
  overscan?: number;
  className?: string;
  role?: string;
  ariaLabel?: string;
  ariaMultiselectable?: boolean;
  ariaActivedescendant?: string;
  tabIndex?: number;
  onKeyDown?(e: React.KeyboardEvent<HTMLDivElement>): void;
}

/** Largest i with offsets[i] <= y. */
function findIndex(offsets: Float64Array, y: number): number {
  let lo = 0;
  let hi = offsets.length - 2;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (offsets[mid]! <= y) lo = mid;
    else hi = mid - 1;
  }
  return Math.max(0, lo);
}

/**
 * Renders only the rows in view (plus an overscan), absolutely positioned inside a spacer of the full
 * height, so a day of 10,000 moments costs the same to draw as a day of fifty.
 */
export const VirtualList = forwardRef<VirtualListHandle, VirtualListProps>(function VirtualList(
  { count, offsets, renderRow, overscan = 6, className, role, ariaLabel, ariaMultiselectable, ariaActivedescendant, tabIndex, onKeyDown },
  ref,
) {
  const scroller = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [viewport, setViewport] = useState(800);

  const total = offsets[count] ?? 0;

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    setViewport(el.clientHeight || 800);
    const ro = new ResizeObserver(() => setViewport(el.clientHeight || 800));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  const onScroll = useCallback(() => {
    const el = scroller.current;
    if (el) setScrollTop(el.scrollTop);
  }, []);

  useImperativeHandle(
    ref,
    () => ({
      scrollToIndex(index: number) {
        const el = scroller.current;
        if (!el || index < 0 || index >= count) return;
        const top = offsets[index]!;
        const bottom = offsets[index + 1]!;
        if (top < el.scrollTop) el.scrollTop = top;
        else if (bottom > el.scrollTop + el.clientHeight) el.scrollTop = bottom - el.clientHeight;
      },
    }),
    [count, offsets],
  );

  // Keep the scroll position inside the content when the list shrinks (filters, deletes).
  useEffect(() => {
    const el = scroller.current;
    if (el && el.scrollTop > total) el.scrollTop = Math.max(0, total - el.clientHeight);
  }, [total]);

  const start = count === 0 ? 0 : Math.max(0, findIndex(offsets, scrollTop) - overscan);
  const end = count === 0 ? -1 : Math.min(count - 1, findIndex(offsets, scrollTop + viewport) + overscan);
  const rows: ReactNode[] = [];
  for (let i = start; i <= end; i++) rows.push(renderRow(i, offsets[i]!));

  return (
    <div
      ref={scroller}
      className={className}
      onScroll={onScroll}
      role={role}
      aria-label={ariaLabel}
      aria-multiselectable={ariaMultiselectable}
      aria-activedescendant={ariaActivedescendant}
      tabIndex={tabIndex}
      onKeyDown={onKeyDown}
      style={{ overflowY: 'auto', position: 'relative' }}
    >
      <div style={{ height: total, position: 'relative' }}>{rows}</div>
    </div>
  );
});
