import { z } from 'zod';
import { ExperienceOutcomeSchema, SensitivitySchema } from './kinds.js';

/**
 * Kind-specific fields. Common fields (title, text, details, app, occurred_at, ...) live on the
 * memory row itself; what only one kind has lives here, validated on every write.
 */
export const CoreFieldsSchema = z.object({
  label: z.string().min(1).max(64),
  limit: z.number().int().positive().max(100_000).default(5000),
});

export const EpisodicFieldsSchema = z.object({
  event_type: z.string().max(64).default('activity'),
  actor: z.string().max(128).default('user'),
});

export const SemanticFieldsSchema = z.object({
  name: z.string().max(256).optional(),
  source: z.string().max(256).optional(),
});

export const ProceduralFieldsSchema = z.object({
  entry_type: z.enum(['workflow', 'guide', 'experience', 'reflection']).default('guide'),
  steps: z.array(z.string().max(2000)).max(200).default([]),
  outcome: ExperienceOutcomeSchema.optional(),
  success_count: z.number().int().nonnegative().default(0),
  failure_count: z.number().int().nonnegative().default(0),
  /** Experience rows (entry_type "experience"): task -> action -> outcome with a score. */
  task: z.string().max(2000).optional(),
  action: z.string().max(2000).optional(),
  score: z.number().min(0).max(1).optional(),
  reason: z.string().max(4000).optional(),
  context: z.string().max(8000).optional(),
  /** Experience rows not the user's own: `mcp:<client name>` (another agent), `seen:screen|audio|import` (read out of what was seen); recommend caps their weight. */
  recorded_by: z.string().max(200).optional(),
  /** Reflection rows (entry_type "reflection", Mimir): for a task family (task), what worked and what failed, and the experiences read. */
  worked: z.array(z.string().max(2000)).max(100).optional(),
  failed: z.array(z.string().max(2000)).max(100).optional(),
  based_on: z.array(z.string().max(128)).max(1000).optional(),
});

export const ResourceFieldsSchema = z.object({
  resource_type: z.enum(['url', 'file', 'document', 'code', 'other']).default('other'),
  location: z.string().max(4096).optional(),
  excerpt: z.string().max(8000).optional(),
});

export const KnowledgeVaultFieldsSchema = z.object({
  entry_type: z.string().max(64).default('secret'),
  source: z.string().max(256).optional(),
  sensitivity: SensitivitySchema.default('high'),
  /** The secret itself. Never indexed, never sent to a model at high sensitivity, masked in every view. */
  secret: z.string().max(8000),
});

export const FieldsByKind = {
  core: CoreFieldsSchema,
  episodic: EpisodicFieldsSchema,
  semantic: SemanticFieldsSchema,
  procedural: ProceduralFieldsSchema,
  resource: ResourceFieldsSchema,
  knowledge_vault: KnowledgeVaultFieldsSchema,
} as const;

export type CoreFields = z.infer<typeof CoreFieldsSchema>;
export type EpisodicFields = z.infer<typeof EpisodicFieldsSchema>;
export type SemanticFields = z.infer<typeof SemanticFieldsSchema>;
export type ProceduralFields = z.infer<typeof ProceduralFieldsSchema>;
export type ResourceFields = z.infer<typeof ResourceFieldsSchema>;
export type KnowledgeVaultFields = z.infer<typeof KnowledgeVaultFieldsSchema>;
