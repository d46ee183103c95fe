import type { z } from 'zod';
import { getPath, setPath, toDotPath } from './form-paths';

/** Form messages keyed by dot path (`profile.city`, `children.2.name`), as Mantine form keeps them. */
export type FieldErrors = Record<string, string>;

/**
 * Validates form values with a domain schema and names each problem by its dot path; the first
 * problem of a field wins, as the server does.
 *
 * An empty text input holds null (see `useSchemaForm`), so a required text field would otherwise
 * get zod's generic "This field is required." instead of the message its schema gives to an empty
 * string ("Enter the last name."): such fields are checked again as ''.
 */
export function schemaErrors(schema: z.ZodType, values: unknown): FieldErrors {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: FieldErrors = {};
  const missingText: string[] = [];
  for (const issue of result.error.issues) {
    const path = toDotPath(issue.path);
    if (path in errors) continue;
    errors[path] = issue.message;
    if (issue.code === 'invalid_type' && issue.expected === 'string' && getPath(values, path) == null) {
      missingText.push(path);
    }
  }
  if (missingText.length === 0) return errors;

  const asBlank = missingText.reduce((tree, path) => setPath(tree, path, ''), values);
  const again = schema.safeParse(asBlank);
  if (again.success) return errors;
  const seen = new Set<string>();
  for (const issue of again.error.issues) {
    const path = toDotPath(issue.path);
    if (seen.has(path)) continue;
    seen.add(path);
    if (missingText.includes(path)) errors[path] = issue.message;
  }
  return errors;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;

/**
 * The wire's "nothing": every empty string becomes null, at any depth. Applied to the schema's parsed
 * output, so a trimmed-to-empty text goes as null too, while a required field never gets here empty.
 */
export function blankToNull<T>(value: T): T {
  if (value === '') return null as T;
  if (Array.isArray(value)) return value.map(blankToNull) as T;
  if (isPlainObject(value)) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = blankToNull(item);
    return out as T;
  }
  return value;
}

// Zod 4 describes every schema by `_zod.def`; only the kinds a form path can cross are followed.
interface SchemaDef {
  type: string;
  innerType?: SchemaNode;
  in?: SchemaNode;
  shape?: Record<string, SchemaNode>;
  element?: SchemaNode;
  options?: SchemaNode[];
  getter?: () => SchemaNode;
}
interface SchemaNode {
  _zod: { def: SchemaDef };
}

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'nonoptional', 'readonly', 'catch']);

/** The schemas that may validate the value at `path` (several under a union). */
function schemasAt(schema: SchemaNode, segments: string[]): SchemaNode[] {
  const def = schema._zod.def;
  if (WRAPPERS.has(def.type) && def.innerType) return schemasAt(def.innerType, segments);
  if (def.type === 'pipe' && def.in) return schemasAt(def.in, segments);
  if (def.type === 'lazy' && def.getter) return schemasAt(def.getter(), segments);
  if (def.type === 'union' && def.options) return def.options.flatMap((option) => schemasAt(option, segments));
  if (segments.length === 0) return [schema];
  const [head, ...rest] = segments;
  if (def.type === 'object' && def.shape && head in def.shape) return schemasAt(def.shape[head], rest);
  if (def.type === 'array' && def.element && /^\d+$/.test(head)) return schemasAt(def.element, rest);
  return [];
}

const lookup = (schema: z.ZodType, path: string) =>
  schemasAt(schema as unknown as SchemaNode, path === '' ? [] : path.split('.'));

/** Whether the schema stores a number at `path` (an id chosen in a Select, say `profile._firm`). */
export const isNumberAt = (schema: z.ZodType, path: string) =>
  lookup(schema, path).some((node) => node._zod.def.type === 'number');

/** Whether the schema declares `path` (a loose object's undeclared keys do not count). */
export const schemaDeclares = (schema: z.ZodType, path: string) => lookup(schema, path).length > 0;
