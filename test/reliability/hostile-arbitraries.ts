import fc from 'fast-check';
import type { z } from 'zod';

/**
 * fast-check arbitraries for bad input. `nasty` is the zoo of values handlers must survive; the
 * schema-shaped arbitrary walks a zod 4 schema (through its public `_zod.def`) and builds inputs of
 * roughly the right shape whose leaves are often wrong, so calls get past the first type check and
 * reach the handlers' own logic (ids that do not exist, ranges upside down, huge strings, FTS and
 * SQL syntax, path traversal, prototype keys).
 */

const PATHS = ['../../../../etc/passwd', '..\\..\\windows\\win.ini', '/etc/shadow', 'frames/../../engram.key', '%2e%2e%2fengram.key', 'C:\\Windows', '\u0000', 'frm_../../x'];
const FTS = ['"', '""', '*', 'NEAR(', 'a OR', 'AND', 'NOT NOT', '^', '(', ')', 'col:', 'memory_fts', "'; DROP TABLE memories; --", '%', '_', '\\', 'NULL'];
const TEXT = ['', ' ', '\n\n', 'a', 'é', '🙂🙂', '\u202e', '\ud800', 'Ａ', 'null', 'undefined', 'true', '0', '-1', 'NaN', '__proto__', 'constructor', 'prototype', 'toString'];
const TIMES = ['2026-13-45T25:61:61Z', '0000-00-00', '1970-01-01T00:00:00Z', '9999-12-31T23:59:59Z', '2024-02-30T00:00:00Z', 'yesterday', 'P1D', '-271821-04-20T00:00:00Z'];
const ZONES = ['UTC', 'Mars/Olympus_Mons', 'Europe/Lisbon', '+25:00', ''];

export function nastyString(extra: string[] = []): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...PATHS, ...FTS, ...TEXT, ...TIMES, ...ZONES, ...extra) },
    { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: 300_000 }).map((n) => 'x'.repeat(n)) },
  );
}

export function nastyNumber(): fc.Arbitrary<number> {
  return fc.oneof(
    fc.constantFrom(0, -0, -1, 1, 0.5, 2 ** 31, 2 ** 53, -(2 ** 53), Number.MAX_VALUE, Number.MIN_VALUE, Infinity, -Infinity, NaN, 1e21, 8.64e15 + 1),
    fc.integer(),
    fc.double(),
  );
}

/** Any value at all, of any shape (what a broken or hostile client can send over IPC or JSON). */
export function nastyValue(extra: string[] = []): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 3, arbitrary: nastyString(extra) },
    { weight: 2, arbitrary: nastyNumber() },
    { weight: 1, arbitrary: fc.constantFrom(null, undefined, true, false, [], {}, Object.create(null) as object) },
    {
      weight: 1,
      arbitrary: fc.anything({ maxDepth: 3, withBigInt: true, withDate: true, withMap: true, withSet: true, withTypedArray: true, withSparseArray: true, withNullPrototype: true, withBoxedValues: true }),
    },
    { weight: 1, arbitrary: fc.constantFrom({ ['__proto__']: { polluted: true } }, JSON.parse('{"__proto__": {"polluted": true}}') as unknown, { constructor: { prototype: { polluted: true } } }) },
  );
}

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  entries?: Record<string, string | number>;
  values?: unknown[];
  innerType?: z.ZodType;
  options?: z.ZodType[];
  in?: z.ZodType;
  out?: z.ZodType;
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  items?: z.ZodType[];
}

const defOf = (s: z.ZodType): Def => (s as unknown as { _zod: { def: Def } })._zod.def;

/**
 * Inputs shaped like the schema, wrong in places. `ids` are real ids from the store, so some calls
 * name things that exist; `wrong` is the chance that a node is replaced by an arbitrary value.
 */
export function shapedLike(schema: z.ZodType, ids: string[], wrong = 0.15, depth = 0): fc.Arbitrary<unknown> {
  const idOrString = ids.length ? fc.oneof(fc.constantFrom(...ids), nastyString(ids)) : nastyString();
  const def = defOf(schema);
  const right = ((): fc.Arbitrary<unknown> => {
    if (depth > 6) return nastyValue(ids);
    switch (def.type) {
      case 'object': {
        const shape = def.shape ?? {};
        const keys = Object.keys(shape);
        const rec: Record<string, fc.Arbitrary<unknown>> = {};
        for (const k of keys) rec[k] = shapedLike(shape[k]!, ids, wrong, depth + 1);
        return fc.tuple(fc.record(rec, { requiredKeys: [] }), fc.option(fc.dictionary(nastyString(), nastyValue(), { maxKeys: 2 }), { nil: undefined })).map(([o, extra]) => (extra ? { ...extra, ...o } : o));
      }
      case 'string':
        return idOrString;
      case 'number':
      case 'int':
        return fc.oneof(fc.integer({ min: -5, max: 100_000 }), nastyNumber());
      case 'boolean':
        return fc.boolean();
      case 'array':
        return fc.array(shapedLike(def.element!, ids, wrong, depth + 1), { maxLength: 4 });
      case 'enum':
        return fc.oneof(fc.constantFrom(...Object.values(def.entries ?? { x: 'x' })), nastyString());
      case 'literal':
        return fc.oneof({ weight: 1, arbitrary: fc.constantFrom(...(def.values ?? [null])) }, { weight: 3, arbitrary: nastyString() });
      case 'optional':
      case 'default':
      case 'prefault':
      case 'catch':
      case 'readonly':
      case 'nonoptional':
        return fc.oneof(shapedLike(def.innerType!, ids, wrong, depth + 1), fc.constant(undefined));
      case 'nullable':
        return fc.oneof(shapedLike(def.innerType!, ids, wrong, depth + 1), fc.constant(null));
      case 'union':
        return fc.oneof(...(def.options ?? []).map((o) => shapedLike(o, ids, wrong, depth + 1)));
      case 'pipe':
        return shapedLike(def.in!, ids, wrong, depth + 1);
      case 'record':
        return fc.dictionary(nastyString(), shapedLike(def.valueType!, ids, wrong, depth + 1), { maxKeys: 3 });
      case 'tuple':
        return fc.tuple(...(def.items ?? []).map((i) => shapedLike(i, ids, wrong, depth + 1)));
      case 'date':
        return fc.date();
      default:
        return nastyValue(ids);
    }
  })();
  return fc.oneof({ weight: Math.round((1 - wrong) * 100), arbitrary: right }, { weight: Math.round(wrong * 100), arbitrary: nastyValue(ids) });
}
