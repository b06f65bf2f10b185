import { MEMORY_TABS as ALL_TABS, type MemoryKind, type MemoryTab } from '../../../shared/api/index.js';

export const KIND_LABEL: Record<MemoryTab, string> = {
  core: 'Core',
  episodic: 'Episodic',
  semantic: 'Semantic',
  procedural: 'Procedural',
  resource: 'Resource',
  knowledge_vault: 'Knowledge vault',
  experience: 'Experiences',
};

export const KIND_SINGULAR: Record<MemoryTab, string> = {
  core: 'Core',
  episodic: 'Event',
  semantic: 'Fact',
  procedural: 'How-to',
  resource: 'Resource',
  knowledge_vault: 'Vault',
  experience: 'Experience',
};

export const KIND_DESCRIPTION: Record<MemoryTab, string> = {
  core: 'Who you are and how the assistant should behave. Always in mind.',
  episodic: 'Things that happened, with when and where.',
  semantic: 'Facts and concepts: people, projects, places.',
  procedural: 'How things are done: workflows and guides.',
  resource: 'Documents, links, files and code you worked with.',
  knowledge_vault: 'Sensitive details, kept masked until you reveal them.',
  experience: 'What you tried, and whether it worked.',
};

export const MEMORY_TABS: MemoryTab[] = [...ALL_TABS];

/** The tab a memory belongs to (experiences are procedural rows with entry_type "experience"). */
export function tabOf(memory: { kind: MemoryKind; fields: Record<string, unknown> }): MemoryTab {
  if (memory.kind === 'procedural' && memory.fields['entry_type'] === 'experience') return 'experience';
  return memory.kind;
}
