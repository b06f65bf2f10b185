import { useEffect, useState } from 'react';
import type { ApiClient } from '../../../../shared/api/index.js';
import { addDays } from '../../lib/format.js';
import { errorText, useAppStore } from '../../state/app-store.js';
import type { Day } from './timeline-model.js';

/** Typing pauses this long before the host is asked which moments hold the text. */
const MATCH_DELAY_MS = 120;

/**
 * The filter box searches whole texts on the host (the day carries only the start of a few).
 * Returns the keys of the matching items, or null when there is no text (or no answer yet for
 * this day); until the host answers for a new text, the last answer for this day stands.
 */
export function useTimelineMatch(api: ApiClient, date: Date, key: string, needle: string, items: Day | null): Set<string> | null {
  const toast = useAppStore((s) => s.toast);
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
  return needle && matches?.day === key ? matches.ids : null;
}
