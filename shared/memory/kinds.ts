import { z } from 'zod';

/** The six memory kinds of DESIGN.md. Experiences are procedural rows with entry_type "experience". */
export const MEMORY_KINDS = ['core', 'episodic', 'semantic', 'procedural', 'resource', 'knowledge_vault'] as const;
export const MemoryKindSchema = z.enum(MEMORY_KINDS);
export type MemoryKind = z.infer<typeof MemoryKindSchema>;

/** What an export selects by: the six kinds, plus "experience" (procedural rows with entry_type "experience"). */
export const ExportKindSchema = z.enum([...MEMORY_KINDS, 'experience']);
export type ExportKind = z.infer<typeof ExportKindSchema>;
/** The kinds as the window and exports show them: experiences apart from the procedures they are stored with. */
export const MEMORY_TABS = [...MEMORY_KINDS, 'experience'] as const;

export const SensitivitySchema = z.enum(['low', 'medium', 'high']);
export type Sensitivity = z.infer<typeof SensitivitySchema>;

export const SourceTypeSchema = z.enum(['frame', 'observation', 'message', 'audio']);
export type SourceType = z.infer<typeof SourceTypeSchema>;

export const ExperienceOutcomeSchema = z.enum(['success', 'failure', 'partial']);
export type ExperienceOutcome = z.infer<typeof ExperienceOutcomeSchema>;
