import { useEffect, useState } from 'react';
import type { ChatCitation, EntityCard, EntityRef } from '../../../../shared/api/index.js';
import { useApi } from '../../lib/api-context.js';
import { hrefFor } from '../../lib/route.js';
import { KIND_NAME } from '../entities/entity-kinds.js';

export interface TurnEntities {
  /** The people, projects, … the question names, as cards. */
  named: EntityCard[];
  /** The entities each cited memory mentions, by memory id. */
  byMemory: Record<string, EntityRef[]>;
}

const EMPTY: TurnEntities = { named: [], byMemory: {} };

/** What one answered turn is about in the graph (one request per question and set of citations). */
export function useTurnEntities(question: string, citations: ChatCitation[]): TurnEntities {
  const api = useApi();
  const [found, setFound] = useState<TurnEntities>(EMPTY);
  const ids = [...new Set(citations.map((c) => c.memory_id))].slice(0, 50);
  const key = `${question}\u0000${ids.join(',')}`;
  useEffect(() => {
    if (!question.trim() && ids.length === 0) return;
    let live = true;
    api
      .call('entities.about', { text: question, memory_ids: ids })
      .then((r) => live && setFound({ named: r.named, byMemory: r.by_memory }))
      // The cards are a help beside the answer: without them the answer stands as it is.
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [api, key]);
  return found;
}

/** Small cards beside an answer about someone or something in the graph, each opening its entity page. */
export function EntityCards({ named }: { named: EntityCard[] }) {
  if (named.length === 0) return null;
  return (
    <ul className="entity-cards" aria-label="People and projects in this answer" data-testid="entity-cards">
      {named.map((e) => (
        <li key={e.id}>
          <a className="entity-card" href={hrefFor('people', e.id)} data-testid="entity-card">
            <span className="entity-card-name">{e.name}</span>
            <span className="entity-card-kind faint">
              {KIND_NAME[e.kind]}
              {e.mentions ? ` · in ${e.mentions.toLocaleString()} ${e.mentions === 1 ? 'memory' : 'memories'}` : ''}
            </span>
            {e.key_facts.length > 0 && (
              <span className="entity-card-facts">
                {e.key_facts.map((f, i) => (
                  <span key={i} className="entity-card-fact truncate">
                    {f.statement}
                  </span>
                ))}
              </span>
            )}
          </a>
        </li>
      ))}
    </ul>
  );
}

/** Links to the entity pages of the people and projects a cited memory mentions. */
export function CitationEntities({ entities }: { entities: EntityRef[] | undefined }) {
  if (!entities?.length) return null;
  return (
    <nav className="tag-list source-entities" aria-label="People and projects in this source" data-testid="citation-entities">
      {entities.map((e) => (
        <a key={e.id} className="chip" href={hrefFor('people', e.id)}>
          {e.name}
        </a>
      ))}
    </nav>
  );
}
