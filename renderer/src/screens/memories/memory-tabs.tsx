import { useCallback, useRef } from 'react';
import type { MemoryTab } from '../../../../shared/api/index.js';
import { KIND_LABEL, MEMORY_TABS } from '../../lib/kinds.js';
import { navigate } from '../../lib/route.js';

/** The memory kinds as tabs with their counts; arrows, Home and End move between them (the ARIA tabs pattern). */
export function MemoryTabs({ tab, counts }: { tab: MemoryTab; counts: Partial<Record<MemoryTab, number>> }) {
  const tabRefs = useRef<Record<string, HTMLButtonElement | null>>({});
  const onTabKey = useCallback(
    (e: React.KeyboardEvent) => {
      const i = MEMORY_TABS.indexOf(tab);
      let next: MemoryTab | undefined;
      if (e.key === 'ArrowRight') next = MEMORY_TABS[(i + 1) % MEMORY_TABS.length];
      else if (e.key === 'ArrowLeft') next = MEMORY_TABS[(i - 1 + MEMORY_TABS.length) % MEMORY_TABS.length];
      else if (e.key === 'Home') next = MEMORY_TABS[0];
      else if (e.key === 'End') next = MEMORY_TABS[MEMORY_TABS.length - 1];
      if (next) {
        e.preventDefault();
        navigate('memories', next);
        tabRefs.current[next]?.focus();
      }
    },
    [tab],
  );

  return (
    <div className="tabs" role="tablist" aria-label="Memory kinds" onKeyDown={onTabKey}>
      {MEMORY_TABS.map((t) => (
        <button
          key={t}
          ref={(el) => {
            tabRefs.current[t] = el;
          }}
          type="button"
          role="tab"
          id={`tab-${t}`}
          aria-controls="memories-panel"
          aria-selected={t === tab}
          tabIndex={t === tab ? 0 : -1}
          className={`tab kind-${t}`}
          onClick={() => navigate('memories', t)}
        >
          <span className="dot" aria-hidden="true" />
          {KIND_LABEL[t]}
          <span className="count">{counts[t] !== undefined ? counts[t]!.toLocaleString() : ''}</span>
        </button>
      ))}
    </div>
  );
}
