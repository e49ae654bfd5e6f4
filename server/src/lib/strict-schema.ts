import { z } from 'zod';

/**
 * A request schema that refuses unknown fields at every depth (issue 41, "strict request bodies", as
 * Stripe does): each object that would strip unknown keys (zod's default) becomes strict, so an unknown
 * field is the issue `unrecognized_keys` (400 `common.unknownField`, naming the field: lib/errors.ts)
 * and its JSON Schema says `additionalProperties: false` (the OpenAPI document says what is enforced).
 *
 * The schemas of domain/schemas stay as they are (the client's forms parse them too); the API routes a
 * key can reach get the strict copy (plugins/api-keys.ts). Objects that already say what to do with
 * other keys (loose, catchall) are kept. Checks and refinements of each object are kept (the copy has
 * the same definition but its catchall); a schema with nothing to change is returned as it is, and the
 * same schema always gives the same copy (a registered component keeps one identity).
 *
 * Not made strict: the sides of an intersection (each would refuse the other's fields) and lazy
 * schemas. No request schema of the public API uses either.
 */
type Def = Record<string, unknown> & { type: string };
const copies = new WeakMap<z.ZodType, z.ZodType>();

export function strictSchema<S extends z.ZodType>(schema: S): S {
  const known = copies.get(schema);
  if (known) return known as S;
  const copy = strictCopy(schema);
  copies.set(schema, copy);
  return copy as S;
}

function strictCopy(schema: z.ZodType): z.ZodType {
  const def = schema._zod.def as unknown as Def;
  const changes: Record<string, unknown> = {};
  const sub = (key: string) => {
    const inner = def[key] as z.ZodType | undefined;
    if (!inner) return;
    const strict = strictSchema(inner);
    if (strict !== inner) changes[key] = strict;
  };
  switch (def.type) {
    case 'object': {
      const shape = (def.shape ?? {}) as Record<string, z.ZodType>;
      const strictShape: Record<string, z.ZodType> = {};
      let changed = false;
      for (const [k, v] of Object.entries(shape)) {
        strictShape[k] = strictSchema(v);
        if (strictShape[k] !== v) changed = true;
      }
      if (changed) changes.shape = strictShape;
      if (def.catchall === undefined) changes.catchall = z.never();
      break;
    }
    case 'array':
      sub('element');
      break;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      sub('innerType');
      break;
    case 'pipe':
      sub('in');
      // z.preprocess: the function's output is what the schema after it reads.
      if ((def.in as z.ZodType)._zod.def.type === 'transform') sub('out');
      break;
    case 'record':
      sub('valueType');
      break;
    case 'union': {
      const options = def.options as z.ZodType[];
      const strict = options.map((o) => strictSchema(o));
      if (strict.some((o, i) => o !== options[i])) changes.options = strict;
      break;
    }
    case 'tuple': {
      const items = def.items as z.ZodType[];
      const strict = items.map((o) => strictSchema(o));
      if (strict.some((o, i) => o !== items[i])) changes.items = strict;
      sub('rest');
      break;
    }
    default:
      break;
  }
  if (Object.keys(changes).length === 0) return schema;
  // A copy of the definition, not a child of it: zod would document a child as its parent.
  const copy = schema.clone({ ...def, ...changes } as never);
  const meta = z.globalRegistry.get(schema);
  if (meta) copy.register(z.globalRegistry, meta);
  return copy;
}
