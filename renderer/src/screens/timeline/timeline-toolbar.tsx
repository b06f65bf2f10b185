import { KIND_LABEL } from '../../lib/kinds.js';
import { IconSearch, IconX } from '../../ui/icons.js';
import type { Facet } from './timeline-model.js';

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

export interface TimelineFilterState {
  text: string;
  facets: Set<Facet>;
  app: string | null;
}

/** The filter row: text, kinds, app, and a way to clear them. */
export function TimelineToolbar({
  filters,
  apps,
  onChange,
}: {
  filters: TimelineFilterState;
  apps: { app: string; count: number }[];
  onChange: (next: TimelineFilterState) => void;
}) {
  const { text, facets, app } = filters;
  const filtering = text !== '' || facets.size > 0 || app !== null;
  function toggleFacet(f: Facet) {
    const next = new Set(facets);
    if (next.has(f)) next.delete(f);
    else next.add(f);
    onChange({ ...filters, facets: next });
  }
  return (
    <div className="tl-toolbar" role="toolbar" aria-label="Filter the timeline">
      <div className="input-affix tl-search">
        <IconSearch size={15} />
        <input
          className="input"
          type="search"
          placeholder="Filter by text, title or URL"
          aria-label="Filter by text"
          value={text}
          onChange={(e) => onChange({ ...filters, text: e.target.value })}
        />
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
      <select id="tl-app" className="select tl-app-select" value={app ?? ''} onChange={(e) => onChange({ ...filters, app: e.target.value || null })}>
        <option value="">All apps</option>
        {apps.map((a) => (
          <option key={a.app} value={a.app}>
            {a.app} ({a.count})
          </option>
        ))}
      </select>
      {filtering && (
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => onChange({ text: '', facets: new Set(), app: null })}>
          <IconX size={13} />
          Clear
        </button>
      )}
    </div>
  );
}
