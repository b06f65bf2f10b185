import type { RescrubPlace, RescrubbedSecret } from '../store/index.js';
import type { MemoryDraft } from '../subagent-kit/index.js';
import { sentenceAt } from './chat-secret-draft.js';
import { labelOf, sensitivityOf } from './sensitivity.js';

type NotePlace = Extract<RescrubPlace, { table: 'memories' | 'memory_history' | 'graph_facts' | 'entities' }>;

/** How the entry names where the secret was kept. */
const WHERE: Record<NotePlace['table'], string> = {
  memories: 'the note',
  memory_history: 'an earlier version of the note',
  graph_facts: 'the fact',
  entities: 'the summary of',
};

/**
 * The vault entry for a secret an older Engram had kept in its own notes (a memory, an earlier
 * version of one, a graph fact, an entity's summary), found by today's detectors and masked there:
 * named as a chat secret is (the text's own label word, else the kind), saying which note held it
 * and when, citing the screens and messages that note came from. The value is masked as every
 * vault secret is.
 */
export function rescrubbedDraft(f: RescrubbedSecret, place: NotePlace, dayOf: (ms: number) => string): MemoryDraft {
  const word = f.label && f.label.toLowerCase() !== f.kind.replace(/_/g, ' ') ? f.label : labelOf(f.kind);
  const noun = word.charAt(0).toUpperCase() + word.slice(1);
  const title = `${noun}${f.purpose ? ` for ${f.purpose}` : ''}`;
  const name = place.name.replace(/\s+/g, ' ').trim().slice(0, 120);
  const context = sentenceAt(f.masked, f.markerAt);
  return {
    kind: 'knowledge_vault',
    title,
    text: `${title}, kept in ${WHERE[place.table]}${name ? ` "${name}"` : ''} of ${dayOf(f.at)}; Engram redacted it from its notes after an update.${context && context !== name ? ` Context: "${context}"` : ''}`,
    fields: { entry_type: f.kind, source: 'notes', sensitivity: sensitivityOf(f.kind), secret: f.value.slice(0, 8000) },
    occurred_at: f.at,
    provenance: f.provenance,
  };
}
