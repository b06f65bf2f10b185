import { z } from 'zod';
import type { LlmTool, LlmToolSpec } from './types.js';

/** The JSON schema the model sees, generated from the same zod schema that validates its answer. */
export function toolSpec(tool: LlmTool): LlmToolSpec {
  const schema = z.toJSONSchema(tool.schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  delete schema.$schema;
  if (schema.type !== 'object') throw new Error(`tool ${tool.name}: input schema must be an object`);
  return { name: tool.name, description: tool.description, input_schema: schema as LlmToolSpec['input_schema'] };
}

/** Helper that keeps the schema's type flowing into run(). */
export function defineTool<S extends z.ZodType>(tool: LlmTool<S>): LlmTool<S> {
  return tool;
}

/** A tool call whose JSON does not parse is kept as the raw string so validation reports it. */
export function parseToolJson(json: string): unknown {
  if (json.trim() === '') return {};
  try {
    return JSON.parse(json) as unknown;
  } catch {
    return json;
  }
}
