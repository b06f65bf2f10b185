import { useEffect, useState } from 'react';
import type { ApiClient, ChatCitation, ChatRetrieved, ChatWithheld, EntityRef, Memory } from '../../../../shared/api/index.js';
import { useApi } from '../../lib/api-context.js';
import { fmtDateTime } from '../../lib/format.js';
import { KIND_SINGULAR, tabOf } from '../../lib/kinds.js';
import { hrefFor } from '../../lib/route.js';
import { IconLock } from '../../ui/icons.js';
import { Marked } from '../../ui/marked-text.js';
import { beforeCitation, citationHref } from './citation-link.js';
import { CitationEntities } from './entity-cards.js';

interface SourcesProps {
  citations: ChatCitation[];
  retrieved: ChatRetrieved[];
  withheld: ChatWithheld[];
  /** People and projects each cited memory mentions (links to their pages). */
  entities?: Record<string, EntityRef[]>;
  /** The question answered: a citation that opens a moment highlights its words. */
  question?: string;
}

const memoryCache = new WeakMap<ApiClient, Map<string, Promise<Memory | null>>>();

/** Stored answers keep only citation ids; titles are fetched once per memory and kept for the session. */
function useMemories(api: ApiClient, ids: string[]): Map<string, Memory> {
  const [found, setFound] = useState(new Map<string, Memory>());
  const key = ids.join(',');
  useEffect(() => {
    let cache = memoryCache.get(api);
    if (!cache) memoryCache.set(api, (cache = new Map()));
    let live = true;
    const c = cache;
    void Promise.all(
      ids.map((id) => {
        let p = c.get(id);
        if (!p) {
          p = api.call('memories.get', { id }).then((r) => r.memory, () => null);
          c.set(id, p);
        }
        return p;
      }),
    ).then((ms) => {
      if (!live) return;
      setFound(new Map(ms.filter((m): m is Memory => m !== null).map((m) => [m.id, m])));
    });
    return () => {
      live = false;
    };
  }, [api, key]);
  return found;
}

/** The memories an answer cites, as cards that open the memory; withheld vault matches are named, not shown. */
export function Sources({ citations, retrieved, withheld, entities, question = '' }: SourcesProps) {
  const api = useApi();
  const byId = new Map(retrieved.map((r) => [r.memory.id, r.memory]));
  const passageOf = new Map(retrieved.flatMap((r) => (r.passages?.length ? [[r.memory.id, r.passages[0]!]] : [])));
  const cited = [...new Map(citations.map((c) => [c.memory_id, c])).values()].sort((a, b) => a.n - b.n);
  const fetched = useMemories(api, cited.filter((c) => !byId.has(c.memory_id)).map((c) => c.memory_id));
  if (cited.length === 0 && withheld.length === 0) return null;
  return (
    <div className="sources">
      {cited.length > 0 && (
        <ol className="source-list" aria-label="Sources">
          {cited.map((c) => {
            const m = byId.get(c.memory_id) ?? fetched.get(c.memory_id);
            const tab = m ? tabOf(m) : c.kind;
            const when = m?.occurred_at ?? m?.created_at;
            const href = citationHref(c, retrieved, question);
            return (
              <li key={c.memory_id}>
                <a className={`source-card kind-${tab}`} href={href} onClick={() => beforeCitation(c, href)} data-testid="source-card">
                  <span className="source-n">{c.n}</span>
                  <span className="grow source-text">
                    <span className="source-title truncate">{m ? m.title || m.text : `${KIND_SINGULAR[tab]} memory`}</span>
                    <span className="source-meta truncate">
                      {KIND_SINGULAR[tab]}
                      {when ? ` · ${fmtDateTime(when)}` : ''}
                      {m?.app ? ` · ${m.app}` : ''}
                    </span>
                    {passageOf.get(c.memory_id) && (
                      <span className="source-snippet">
                        <Marked text={passageOf.get(c.memory_id)!.snippet} />
                      </span>
                    )}
                  </span>
                </a>
                <CitationEntities entities={entities?.[c.memory_id]} />
              </li>
            );
          })}
        </ol>
      )}
      {withheld.map((w) => (
        <a key={w.memory_id} className="withheld" href={hrefFor('memories', 'knowledge_vault', w.memory_id)}>
          <IconLock size={14} />
          <span>
            A matching vault item, <strong>{w.title}</strong>, was kept off the model. Open it to reveal.
          </span>
        </a>
      ))}
    </div>
  );
}
