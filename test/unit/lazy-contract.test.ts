import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { lazySchema } from '../../shared/api/lazy-schema.js';
import { AutoPauseSchema, StoreStatsSchema, apiRequests } from '../../shared/api/index.js';

const API_DIR = fileURLToPath(new URL('../../shared/api/', import.meta.url));
/** zod's builders and modifiers: a call to one at module level builds a schema when the file loads. */
const ZOD_METHODS = new Set(['object', 'string', 'number', 'boolean', 'array', 'enum', 'union', 'discriminatedUnion', 'literal', 'record', 'tuple', 'optional', 'nullable', 'nullish', 'default', 'extend', 'merge', 'pick', 'omit', 'partial', 'strict', 'refine', 'superRefine', 'transform', 'pipe', 'min', 'max', 'int', 'describe', 'brand', 'catch']);

/** Zod calls in a file that run when it loads (outside any function, so outside every lazySchema builder). */
function eagerZodCalls(file: string): string[] {
  const sf = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node)) return;
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && ZOD_METHODS.has(node.expression.name.text)) {
      found.push(`${path.basename(file)}:${sf.getLineAndCharacterOfPosition(node.getStart()).line + 1} ${node.getText().split('\n')[0]!.slice(0, 60)}`);
      return;
    }
    ts.forEachChild(node, visit);
  };
  for (const st of sf.statements) if (!ts.isImportDeclaration(st)) visit(st);
  return found;
}

describe('the lazy contract (issue 34: a one-shot command builds only the schemas it uses)', () => {
  it('no contract file builds a schema when it loads', () => {
    const files = readdirSync(API_DIR).filter((f) => f.endsWith('.ts'));
    expect(files.length).toBeGreaterThan(20);
    expect(files.flatMap((f) => eagerZodCalls(path.join(API_DIR, f)))).toEqual([]);
  });

  it('builds a schema once, on first use, and then is that schema', () => {
    const build = vi.fn(() => z.object({ n: z.number().int() }).strict());
    const S = lazySchema(build);
    const Outer = z.object({ inner: S, list: z.array(S).max(2) });
    expect(build).not.toHaveBeenCalled();
    expect(Outer.parse({ inner: { n: 1 }, list: [{ n: 2 }] })).toEqual({ inner: { n: 1 }, list: [{ n: 2 }] });
    expect(S.safeParse({ n: 1, extra: true }).success).toBe(false);
    expect(S instanceof z.ZodObject).toBe(true);
    expect(Object.keys(S.shape)).toEqual(['n']);
    expect(S.extend({ m: z.string() }).parse({ n: 1, m: 'x' })).toEqual({ n: 1, m: 'x' });
    expect(z.toJSONSchema(S)).toMatchObject({ type: 'object', properties: { n: { type: 'integer' } } });
    expect(build).toHaveBeenCalledTimes(1);
  });

  it('the exports other code uses behave as schemas', () => {
    expect(AutoPauseSchema.options).toContain('idle');
    expect(StoreStatsSchema.safeParse({}).success).toBe(false);
    expect(apiRequests['store.stats'].input.parse({})).toEqual({});
    expect(apiRequests['memories.search'].input.safeParse({ query: 42 }).success).toBe(false);
  });
});
