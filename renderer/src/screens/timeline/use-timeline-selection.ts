import { useCallback, useEffect, useState, type RefObject } from 'react';
import type { VirtualListHandle } from '../../ui/virtual-list.js';
import { itemPosition, type Day, type DayItem, type RowModel } from './timeline-model.js';

export interface TimelineSelection {
  /** Keys (`type:id`) of the selected items. */
  selected: Set<string>;
  /** The focused row, -1 for none. */
  focus: number;
  /** The item on the focused row, null when the row is a header or nothing is focused. */
  focusedItem: DayItem | null;
  onPointer(idx: number, item: DayItem, e: React.MouseEvent, toggle?: boolean): void;
  onKeyDown(e: React.KeyboardEvent): void;
  clear(): void;
  /** After the selected items are gone: nothing selected, nothing focused. */
  reset(): void;
}

/**
 * Which moments are selected and which one is focused, by pointer (click, check box, shift-click
 * for a range) and by keyboard (arrows or j/k, Home/End, Space, Ctrl-A, Esc, Delete, Enter). A new
 * day starts with nothing selected. `onDeleteKey` is asked to delete the selection, `onOpen` to open the focused item.
 */
export function useTimelineSelection(
  day: Day,
  model: RowModel,
  dayKey: string,
  list: RefObject<VirtualListHandle | null>,
  onDeleteKey: (keys: Set<string>) => void,
  onOpen?: (item: DayItem) => void,
): TimelineSelection {
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [anchor, setAnchor] = useState<number | null>(null);
  const [focus, setFocus] = useState<number>(-1);

  useEffect(() => {
    setSelected(new Set());
    setAnchor(null);
    setFocus(-1);
  }, [dayKey]);

  const itemAt = (r: number): DayItem | null => {
    const x = r >= 0 && r < model.count ? model.ref[r]! : -1;
    return x >= 0 ? day.item(x) : null;
  };
  const focusedItem = focus >= 0 ? itemAt(focus) : null;

  const selectRange = useCallback(
    (a: number, b: number, base: Set<string>) => {
      const next = new Set(base);
      const lo = Math.max(0, Math.min(a, b));
      const hi = Math.min(model.count - 1, Math.max(a, b));
      for (let r = lo; r <= hi; r++) {
        const x = model.ref[r]!;
        if (x >= 0) next.add(day.key(x));
      }
      return next;
    },
    [day, model],
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
    const rows = model.itemRows;
    if (rows.length === 0) return;
    const pos = itemPosition(rows, focus);
    const last = rows.length - 1;
    // Nothing focused yet: an arrow starts at its end of the list, Home and End go where they say.
    const start = Math.abs(delta) === 1 ? (delta > 0 ? -1 : last + 1) : delta > 0 ? last : 0;
    const nextPos = Math.max(0, Math.min(last, pos === -1 ? start + (Math.abs(delta) === 1 ? delta : 0) : pos + delta));
    const idx = rows[nextPos]!;
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
    } else if (e.key === 'Enter' && focusedItem && onOpen) {
      e.preventDefault();
      onOpen(focusedItem);
    } else if (e.key === 'Escape') {
      setSelected(new Set());
    } else if ((e.key === 'Delete' || e.key === 'Backspace') && selected.size > 0) {
      e.preventDefault();
      onDeleteKey(selected);
    }
  }

  return {
    selected,
    focus,
    focusedItem,
    onPointer,
    onKeyDown,
    clear: () => setSelected(new Set()),
    reset: () => {
      setSelected(new Set());
      setFocus(-1);
    },
  };
}
