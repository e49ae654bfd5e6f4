import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fromIssues } from './errors';
import { strictSchema } from './strict-schema';

const keysRefused = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? [] : r.error.issues.filter((i) => i.code === 'unrecognized_keys');
};

describe('strictSchema', () => {
  const item = z
    .object({ a: z.number(), b: z.string().optional() })
    .refine((v) => v.a !== 13, { message: 'not 13' });
  const body = z.object({
    items: z.array(item).min(1),
    nested: z.object({ x: z.number() }).nullable().optional(),
    pre: z.preprocess((v) => v, z.object({ y: z.number() })).optional(),
    either: z.union([z.object({ kind: z.literal('a') }), z.string()]).optional(),
    loose: z.looseObject({ z: z.number() }).optional(),
    tags: z.record(z.string(), z.object({ n: z.number() })).optional(),
  });
  const strict = strictSchema(body);

  it('refuses an unknown field at any depth, by its path', () => {
    const issues = keysRefused(strict, { items: [{ a: 1 }, { a: 2, c: 3 }], d: 1 });
    expect(issues.map((i) => [i.path.join('.'), (i as { keys: string[] }).keys])).toEqual(
      expect.arrayContaining([
        ['items.1', ['c']],
        ['', ['d']],
      ]),
    );
    expect(keysRefused(strict, { items: [{ a: 1 }], nested: { x: 1, w: 2 } })).toHaveLength(1);
    expect(keysRefused(strict, { items: [{ a: 1 }], pre: { y: 1, w: 2 } })).toHaveLength(1);
    expect(keysRefused(strict, { items: [{ a: 1 }], tags: { t: { n: 1, w: 2 } } })).toHaveLength(1);
    // The original is unchanged: it still strips.
    expect(body.parse({ items: [{ a: 1, c: 3 }], d: 1 })).toEqual({ items: [{ a: 1 }] });
  });

  it('keeps the rules, loose objects and what a known body parses to', () => {
    expect(strict.safeParse({ items: [{ a: 13 }] }).error?.issues[0]?.message).toBe('not 13');
    expect(strict.safeParse({ items: [] }).success).toBe(false);
    expect(strict.parse({ items: [{ a: 1 }], loose: { z: 1, extra: 2 } })).toEqual({
      items: [{ a: 1 }],
      loose: { z: 1, extra: 2 },
    });
    expect(strict.parse({ items: [{ a: 1, b: 'x' }], either: 'text' })).toEqual({
      items: [{ a: 1, b: 'x' }],
      either: 'text',
    });
  });

  it('gives the same copy for the same schema, and a schema with no object back as it is', () => {
    expect(strictSchema(body)).toBe(strict);
    const plain = z.array(z.string());
    expect(strictSchema(plain)).toBe(plain);
  });

  it('documents additionalProperties: false on every object it made strict', () => {
    const json = JSON.stringify(z.toJSONSchema(strict, { io: 'input', unrepresentable: 'any' }));
    expect(json.match(/"additionalProperties":false/g)?.length).toBeGreaterThanOrEqual(5);
  });

  it('answers 400 common.unknownField naming the field, before any other error', () => {
    const r = strict.safeParse({ items: [{ b: 'x', aa: 1 }] });
    const err = fromIssues(r.error!.issues);
    expect(err.key).toBe('common.unknownField');
    expect(err.message).toBe('Unknown field: items.0.aa');
    expect(err.fieldErrors).toEqual({
      'items.0.aa': 'Unknown field: items.0.aa',
      'items.0.a': expect.any(String),
    });
  });
});
