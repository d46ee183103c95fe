import fastJson from 'fast-json-stringify';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

/**
 * Response serialisation: each route's zod response schema is compiled once, at start-up, to JSON Schema
 * (`z.toJSONSchema`, output side) and then to a fast-json-stringify function, which is how Fastify
 * serialises natively. Only the fields the schema declares are written: an object's undeclared keys are
 * dropped (like zod's default strip), so a secret column that reaches a reply by mistake never leaves the
 * server. A reply missing a required field is a 500, as before. Nothing is validated at run time beyond
 * that (the types are checked at compile time by the type provider), which is what makes it fast.
 */
export const responseSerializerCompiler = ({ schema }: { schema: unknown }) => {
  const stringify = fastJson(responseJsonSchema(schema) as unknown as Parameters<typeof fastJson>[0]);
  return (data: unknown) => stringify(data);
};

/** The JSON Schema a response is written with (exported for the tests). */
export function responseJsonSchema(schema: unknown): JsonSchema {
  const json =
    schema instanceof z.ZodType
      ? (z.toJSONSchema(schema, { target: 'openapi-3.0', io: 'output', unrepresentable: 'any' }) as JsonSchema)
      : structuredClone(schema as JsonSchema);
  delete json.$schema;
  return declaredOnly(json);
}

/**
 * A loose object (`additionalProperties: {}` or `true`) would let fast-json-stringify copy every extra
 * key; on the way out only declared keys may pass. A record (`additionalProperties` with a type and no
 * `properties`) keeps its typed values.
 */
function declaredOnly(node: JsonSchema): JsonSchema {
  const extra = node.additionalProperties;
  if (extra === true || (isSchema(extra) && Object.keys(extra).length === 0)) delete node.additionalProperties;
  for (const [key, value] of Object.entries(node)) {
    if (key === 'properties' || key === '$defs' || key === 'definitions' || key === 'patternProperties') {
      for (const child of Object.values(value as Record<string, unknown>)) if (isSchema(child)) declaredOnly(child);
    } else if (Array.isArray(value)) {
      for (const child of value) if (isSchema(child)) declaredOnly(child);
    } else if (isSchema(value) && key !== 'const' && key !== 'default' && key !== 'examples') {
      declaredOnly(value);
    }
  }
  return node;
}

const isSchema = (v: unknown): v is JsonSchema => typeof v === 'object' && v !== null && !Array.isArray(v);
