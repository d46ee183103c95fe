import { randomUUID } from 'node:crypto';
import * as domain from '@portal/domain';
import fc from 'fast-check';

/**
 * Requests for every operation of the app's OpenAPI document, for the property-based test of bad input.
 * Values come from each route's own JSON schema (as @fastify/swagger writes it from the
 * domain's zod schemas), so that many requests pass validation and reach the services and the database,
 * where a 500 hides; the rest are the boundary, hostile and wrong-typed values a careless or malicious
 * client sends.
 */

// biome-ignore lint/suspicious/noExplicitAny: a JSON schema is free-form by definition.
type Schema = Record<string, any>;
type Param = { name: string; in: 'path' | 'query'; required: boolean; schema: Schema };

export interface Operation {
  method: string;
  /** The route as Fastify names it: `/api/users/:id/`. */
  route: string;
  path: string;
  params: Param[];
  /** `json`: the document gives the body's schema; `upload`: a write without one (multipart or raw bytes). */
  body: 'json' | 'upload' | 'none';
  bodySchema?: Schema;
}

export interface FuzzRequest {
  route: string;
  mode: Mode;
  caller: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

/** What makes a generated value real: ids of records that exist, emails of accounts that exist. */
export interface FuzzPools {
  ids: number[];
  emails: string[];
}

export function operationsOf(doc: { paths: Record<string, Record<string, Schema>> }): Operation[] {
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths))
    for (const [method, op] of Object.entries(methods)) {
      const json = op.requestBody?.content?.['application/json']?.schema;
      const write = method === 'post' || method === 'put' || method === 'patch';
      ops.push({
        method: method.toUpperCase(),
        route: path.replace(/\{(\w+)\}/g, ':$1'),
        path,
        params: (op.parameters ?? []).filter((p: Param) => p.in === 'path' || p.in === 'query'),
        body: json ? 'json' : write ? 'upload' : 'none',
        bodySchema: json,
      });
    }
  return ops;
}

// ---------------------------------------------------------------------------------------------------
// Values

const HUGE = 'x'.repeat(100_000);
const HUGE_UNICODE = '€😀'.repeat(30_000);
/** Strings that broke other systems: storage (NUL, lone surrogates), rendering, SQL, templates, CSV, paths. */
const HOSTILE = [
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDFFFy',
  HUGE,
  HUGE_UNICODE,
  '\u202Egnp.exe',
  'שלום עולם',
  '👨‍👩‍👧‍👦🏳️‍🌈',
  'Z̸̧̛͔a̶l̷g̸o̵',
  '\uFEFF',
  '\t\r\n',
  '   ',
  "' OR 1=1 --",
  "'); drop table users; --",
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '$' + '{7*7}{{7*7}}',
  '=HYPERLINK("http://x")',
  '＋cmd|x',
  '%00%ff%zz',
  '__proto__',
  'constructor',
  'null',
  'NaN',
  'Infinity',
  'true',
];
const DATES = [
  '0000-01-01',
  '0001-01-01',
  '1899-12-31',
  '9999-12-31',
  '10000-01-01',
  '2026-02-30',
  '2026-02-29',
  '2024-02-29',
  '2026-13-01',
  '2026-00-10',
  '2026-1-1',
  '01/02/2026',
  '2026-07-01T25:61:00Z',
  '2026-07-01T10:00:00+14:00',
  '2026-07-01T10:00:00.123456789Z',
  '-infinity',
  'infinity',
  'epoch',
  'now',
  'today',
];
const NUMBERS = [
  0,
  -1,
  1,
  0.5,
  -0,
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31) - 1,
  Number.MAX_SAFE_INTEGER,
  2 ** 63,
  1e308,
  -1e308,
  1e-308,
];
const WRONG_TYPES: unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  '',
  'x',
  '1',
  [],
  [null],
  [1, 'a'],
  {},
  { a: { b: {} } },
];
const PROTO_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty'];

// Near today: the rules judge dates against the current period (an attestation covers two years).
const dateOnly = fc
  .date({ min: new Date('2025-01-01T00:00:00Z'), max: new Date('2027-06-30T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
const dateTime = fc
  .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2035-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString());

// The valid forms only: the odd ones are the edge values' (DATES, the odd URLs and amounts below).
const simpleEmail = fc.nat({ max: 999 }).map((n) => `person${n}@example.test`);
const anyUrl = fc.webUrl({ validSchemes: ['https'] });
const amounts = fc.oneof(
  fc.integer({ min: 1, max: 10_000_000 }).map((n) => (n / 100).toFixed(2)),
  fc.integer({ min: 1, max: 100_000 }),
);
const years = fc.integer({ min: 2020, max: 2028 });
const quarters = fc.integer({ min: 1, max: 4 });
const slugs = fc.stringMatching(/^[a-z0-9][a-z0-9-]{0,15}$/);
const pages = fc.integer({ min: 1, max: 3 });
const pageSizes = fc.constantFrom(1, 10, 25, 50, 100);
const states = fc.oneof(
  fc.constantFrom(...domain.US_STATES),
  fc.subarray([...domain.US_STATES], { maxLength: 3 }).map((l) => l.join(';')),
);
const zips = fc.constantFrom('62701', '04101', '62701-1234');
const phones = fc.constantFrom('207-555-0110', '(207) 555-0120', '2075550130');
const taxIds = fc.constantFrom('123456789', '123-45-6789', '12-3456789');
const matching = new Map<string, fc.Arbitrary<string>>();
/** fast-check compiles a pattern into an arbitrary: once per pattern. */
const stringMatching = (pattern: string) => {
  const arb = matching.get(pattern) ?? fc.stringMatching(new RegExp(pattern));
  matching.set(pattern, arb);
  return arb;
};

/** Leaf names that carry a meaning the schema cannot say (a zod `.refine` is invisible to JSON schema). */
function hinted(key: string, { pools, enums }: Gen): fc.Arbitrary<unknown> | undefined {
  const k = key.toLowerCase();
  if (k === 'page') return pages;
  if (k === 'page_size') return pageSizes;
  // The wire's date forms: ISO days (the forms show MM/DD/YYYY, the wire carries YYYY-MM-DD), instants.
  if (/^(start|end)$|_at$/.test(k)) return fc.oneof(dateTime, dateOnly);
  if (/date|_on$|^(from|to)$|birth|dob/.test(k)) return dateOnly;
  if (/email/.test(k)) return fc.oneof(pools.emailArb, simpleEmail);
  if (/url|link|website/.test(k)) return anyUrl;
  if (/amount|price|fee$|minimum|value/.test(k)) return amounts;
  if (/year/.test(k)) return years;
  if (/quarter/.test(k)) return quarters;
  if (/state/.test(k)) return states;
  if (/zip/.test(k)) return zips;
  if (/phone|fax/.test(k)) return phones;
  if (/tax|ssn/.test(k)) return taxIds;
  if (k === 'key') return slugs;
  if (
    /(^|_)(id|firm|user|client|advisor|owner|model|schedule)s?(__c)?$|userid|ownerid|firmid|clientid|_tk$|tk$/.test(k)
  )
    return pools.idArb;
  const listed = optionsNamed(k);
  if (listed) return fc.oneof({ weight: 3, arbitrary: listed }, enums);
  if (/category|kind|status|type|part|action|entity|custodian/.test(k)) return enums;
  return undefined;
}

const singular = (name: string) =>
  name
    .replace(/ies$/, 'y')
    .replace(/(ss|us)es$/, '$1')
    .replace(/(?<!s)s$/, '');
const squash = (name: string) =>
  name
    .toLowerCase()
    .replace(/__c$/, '')
    .replace(/[^a-z]/g, '');
/**
 * The domain's option lists (`CASH_REQUEST_TYPES`, `caseCategories`): a field whose zod schema refines
 * a plain string to one of them shows no enum in the JSON schema, so its options are found by name.
 */
const OPTION_LISTS = Object.entries(domain as Record<string, unknown>)
  .filter(([, v]) => Array.isArray(v) && v.length > 0 && v.every((x) => typeof x === 'string'))
  .map(([name, v]) => ({ name: singular(squash(name)), values: v as string[] }));
const optionsByKey = new Map<string, fc.Arbitrary<string> | undefined>();
function optionsNamed(key: string) {
  const k = singular(squash(key));
  if (k.length < 4) return undefined;
  if (!optionsByKey.has(k)) {
    const values = OPTION_LISTS.filter((l) => l.name.endsWith(k) || k.endsWith(l.name)).flatMap((l) => l.values);
    optionsByKey.set(k, values.length ? fc.constantFrom(...new Set(values)) : undefined);
  }
  return optionsByKey.get(k);
}

interface Gen {
  pools: FuzzPools & { idArb: fc.Arbitrary<number>; emailArb: fc.Arbitrary<string> };
  enums: fc.Arbitrary<string>;
  words: string[];
}

/** A value the schema accepts, as far as a JSON schema can say (plus names' hints). */
function validOf(s: Schema, key: string, g: Gen): fc.Arbitrary<unknown> {
  if (!s || typeof s !== 'object') return fc.constant(null);
  const alts = s.anyOf ?? s.oneOf;
  if (alts) return fc.oneof(...alts.map((a: Schema) => validOf(a, key, g)));
  if (s.allOf) return validOf(Object.assign({}, ...s.allOf), key, g);
  if ('const' in s) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const base = validOfType(s, key, g);
  return s.nullable ? fc.oneof({ weight: 4, arbitrary: base }, { weight: 1, arbitrary: fc.constant(null) }) : base;
}

function validOfType(s: Schema, key: string, g: Gen): fc.Arbitrary<unknown> {
  const type = Array.isArray(s.type) ? s.type.find((t: string) => t !== 'null') : s.type;
  switch (type) {
    case 'string': {
      const hint = hinted(key, g);
      if (hint) return hint.map(String);
      if (s.pattern) {
        const re = new RegExp(s.pattern);
        const ids = g.pools.ids.map(String).filter((x) => re.test(x));
        const matching = stringMatching(s.pattern);
        if (ids.length === g.pools.ids.length)
          return fc.oneof({ weight: 3, arbitrary: g.pools.idArb.map(String) }, matching);
        return ids.length ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...ids) }, matching) : matching;
      }
      const min = s.minLength ?? 0;
      const max = Math.min(s.maxLength ?? 40, Math.max(min, 40));
      const text = fc.string({ minLength: min, maxLength: max, unit: 'grapheme' });
      return fc.oneof({ weight: 3, arbitrary: text }, g.enums, g.pools.emailArb);
    }
    case 'integer':
    case 'number': {
      const min = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : -1000);
      const max = s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - 1 : 100_000);
      const ranged =
        type === 'integer'
          ? fc.integer({ min: Math.max(min, -(2 ** 31)), max: Math.min(max, 2 ** 31 - 1) })
          : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
      const hint = hinted(key, g);
      const ids = g.pools.ids.filter((n) => n >= min && n <= max);
      if (hint) return hint.map((v) => (typeof v === 'number' ? v : Number(v)));
      const real = ids.length === g.pools.ids.length ? g.pools.idArb : ids.length ? fc.constantFrom(...ids) : ranged;
      return fc.oneof({ weight: 3, arbitrary: real }, ranged);
    }
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(validOf(s.items ?? {}, key, g), {
        minLength: s.minItems ?? 0,
        maxLength: Math.min(s.maxItems ?? 3, Math.max(s.minItems ?? 0, 3)),
      });
    case 'object': {
      const props = Object.entries<Schema>(s.properties ?? {});
      if (!props.length) return fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 2 });
      const model = Object.fromEntries(props.map(([k, p]) => [k, validOf(p, k, g)]));
      return fc.record(model, { requiredKeys: (s.required ?? []).filter((k: string) => k in model) });
    }
    default:
      return fc.oneof(fc.string({ maxLength: 10 }), fc.integer(), fc.boolean());
  }
}

/** The values at and just past a schema's limits, and the ones a careless client sends for its type. */
function edgeValuesOf(s: Schema): unknown[] {
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  if (type === 'string' || s.pattern || s.enum) {
    const lengths = [s.minLength, s.maxLength, s.maxLength !== undefined ? s.maxLength + 1 : undefined];
    const sized = lengths.filter((n): n is number => n !== undefined && n <= 100_001).map((n) => 'é'.repeat(n));
    const numeric = NUMBERS.map(String).concat('1e309', '-1e309', '0x10', '1_000', '');
    const odd = ['javascript:alert(1)', 'http://localhost:1/', 'ftp://x', '//x', 'a@', '12,345.67', '-5', '0.001'];
    return [...sized, ...DATES, ...numeric, ...odd, ...(s.enum ?? []).map((e: string) => ` ${e.toUpperCase()} `)];
  }
  if (type === 'integer' || type === 'number') {
    const limits = [s.minimum, s.maximum, s.exclusiveMinimum, s.exclusiveMaximum].filter((n) => n !== undefined);
    return [...NUMBERS, ...limits, ...limits.map((n) => n - 1), ...limits.map((n) => n + 1)];
  }
  if (type === 'array')
    return [[], Array.from({ length: (s.maxItems ?? 200) + 1 }, () => (s.items?.type === 'object' ? {} : 'x'))];
  return [];
}

const hostile = fc.constantFrom(...HOSTILE);
/** A whole value gone wrong: a limit, a hostile string, another type. */
const badOf = (s: Schema) => fc.constantFrom(...edgeValuesOf(s), ...HOSTILE, ...WRONG_TYPES);

const REMOVE = Symbol('remove');
type Leaf = { path: (string | number)[]; schema: Schema };
/** Each leaf of a value with the schema that describes it (an `anyOf` by the branch of the value's type). */
function leavesOf(value: unknown, s: Schema, path: Leaf['path'] = [], out: Leaf[] = []): Leaf[] {
  const kind = Array.isArray(value) ? 'array' : typeof value;
  const branch = (s.anyOf ?? s.oneOf)?.find((a: Schema) => a.type === kind) ?? s;
  if (Array.isArray(value)) {
    out.push({ path, schema: branch });
    value.forEach((v, i) => {
      leavesOf(v, branch.items ?? {}, [...path, i], out);
    });
  } else if (value && typeof value === 'object') {
    const props = branch.properties ?? {};
    for (const [k, v] of Object.entries(value)) leavesOf(v, props[k] ?? {}, [...path, k], out);
    for (const k of Object.keys(props)) if (!(k in value)) out.push({ path: [...path, k], schema: props[k] });
  } else out.push({ path, schema: branch });
  return out;
}

/**
 * A valid value with exactly one thing wrong: a leaf at or past its limit, hostile, of another type, or
 * gone; sometimes a field no schema names (`__proto__`) comes along. One wrong field is what gets past
 * the other checks to a rule deep in a service, where a 500 hides.
 */
function oneWrongOf(s: Schema, key: string, g: Gen): fc.Arbitrary<unknown> {
  const extra = fc.option(
    fc.tuple(fc.constantFrom(...PROTO_KEYS, 'unknown_field'), fc.constantFrom(...HOSTILE, ...WRONG_TYPES)),
    { freq: 6 },
  );
  return fc.tuple(validOf(s, key, g), fc.nat(), fc.nat(), extra).map(([value, i, j, more]) => {
    const leaves = leavesOf(value, s);
    if (!leaves.length) return value;
    const leaf = leaves[i % leaves.length];
    const choices = [...edgeValuesOf(leaf.schema), ...HOSTILE, ...WRONG_TYPES, REMOVE];
    const wrong = choices[j % choices.length];
    if (!leaf.path.length) return wrong === REMOVE ? undefined : wrong;
    const copy = structuredClone(value) as Record<string | number, unknown>;
    let parent = copy;
    for (const step of leaf.path.slice(0, -1)) parent = parent[step] as Record<string | number, unknown>;
    const last = leaf.path[leaf.path.length - 1];
    if (wrong === REMOVE) delete parent[last];
    else parent[last] = wrong;
    if (more && !Array.isArray(copy))
      // defineProperty: an assignment to `__proto__` would set the prototype, not send a field.
      Object.defineProperty(copy, more[0], { value: more[1], enumerable: true, writable: true });
    return copy;
  });
}

/**
 * How far a request strays: `valid` (every part as the schema says: it reaches the service and the
 * database), `nearly` (about one part wrong: it reaches a rule deep in a service), `wild` (nothing like it).
 */
export type Mode = 'valid' | 'nearly' | 'wild';
const MODES: { weight: number; mode: Mode }[] = [
  { weight: 5, mode: 'valid' },
  { weight: 4, mode: 'nearly' },
  { weight: 1, mode: 'wild' },
];

function strayingOf(s: Schema, key: string, g: Gen, mode: Mode): fc.Arbitrary<unknown> {
  if (mode === 'valid') return validOf(s, key, g);
  if (mode === 'nearly') return oneWrongOf(s, key, g);
  return fc.oneof(oneWrongOf(s, key, g), badOf(s));
}

// ---------------------------------------------------------------------------------------------------
// The parts of a request

type Body = { payload?: string | Buffer; type?: string };

/** Percent-encoding that also carries what encodeURIComponent refuses (a lone surrogate as its bytes). */
function encode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return value.replace(/[\uD800-\uDFFF]/g, '%ED%A0%80').replace(/[^A-Za-z0-9%]/g, (c) => encode(c));
  }
}

const text = (v: unknown) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));

const ODD_IDS = [
  '0',
  '-1',
  '2147483647',
  '2147483648',
  '99999999999999999999999',
  'abc',
  '1.5',
  '1e3',
  '0x10',
  '00001',
  '+1',
  '%201',
  '00000000-0000-0000-0000-000000000000',
  randomUUID(),
  '..',
  '%2E%2E%2F%2E%2E%2F',
  '%2F',
  '%00',
  '%ED%A0%80',
  '%',
  '%zz',
  '%F0%9F%98%80',
  '%C3%BC',
  "1'",
  '1%3B%20drop',
  '__proto__',
  'constructor',
  'null',
  'NaN',
  'x'.repeat(5000),
];

function pathValueOf(p: Param, g: Gen, mode: Mode): fc.Arbitrary<string> {
  const valid = validOf(p.schema, p.name, g).map((v) => encode(text(v)));
  if (mode === 'valid') return valid;
  return fc.oneof(
    { weight: mode === 'nearly' ? 6 : 1, arbitrary: valid },
    { weight: 2, arbitrary: fc.constantFrom(...ODD_IDS) },
    { weight: 1, arbitrary: fc.constantFrom(...HOSTILE.slice(0, 12)).map(encode) },
  );
}

/** Query pairs the schema names, and the odd ones: repeated keys, array syntax, empty values, unknown names. */
function queryOf(params: Param[], g: Gen, mode: Mode): fc.Arbitrary<string> {
  // The parameters as one object, so that `nearly` puts one of them wrong, not each of a list's eight.
  const asObject: Schema = {
    type: 'object',
    properties: Object.fromEntries(params.map((p) => [p.name, p.schema])),
    required: params.filter((p) => p.required).map((p) => p.name),
  };
  const named = strayingOf(asObject, '', g, mode).map((v) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.entries(v).map(([k, x]) => `${encode(k)}=${encode(text(x))}`)
      : [encode(text(v))],
  );
  const names = params.map((p) => p.name).concat('page', 'page_size', 'ordering', 'search', ...PROTO_KEYS);
  const odd = fc.oneof(
    fc.constantFrom(...names).map((n) => `${n}=`),
    fc.constantFrom(...names).map((n) => n),
    fc.constantFrom(...names).map((n) => `${n}=1&${n}=2`),
    fc.constantFrom(...names).map((n) => `${n}[]=1&${n}[]=2`),
    fc.constantFrom(...names).map((n) => `${n}[a]=1`),
    fc.constantFrom('page=-1', 'page=0', 'page=1e309', 'page=99999999999', 'page_size=0', 'page_size=100000'),
    fc.constantFrom('ordering=unknown', 'ordering=-', 'ordering=password_hash', 'ordering=id;drop'),
    fc.constantFrom('%00=1', 'a=%ED%A0%80', '=', '&&&', '%=%', 'search=%25%5F'),
    fc.tuple(fc.constantFrom(...names), hostile).map(([n, v]) => `${n}=${encode(v)}`),
  );
  return fc
    .tuple(named, fc.array(odd, { maxLength: mode === 'valid' ? 0 : mode === 'nearly' ? 1 : 3 }))
    .map(([pairs, extra]) => [...pairs, ...extra].filter(Boolean).join('&'));
}

const PDF = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
const FILES = [PDF, PNG, Buffer.alloc(0), Buffer.from('plain text,csv\n1,2\n'), Buffer.from([0xff, 0xfe, 0x00, 0xc3])];
const FILE_TYPES = ['application/pdf', 'image/png', 'text/plain', 'application/octet-stream', 'text/html', ''];
const FILE_NAMES = [
  'statement.pdf',
  'logo.png',
  '../../etc/passwd',
  'a"b.pdf',
  'ü😀.pdf',
  `${'n'.repeat(300)}.pdf`,
  '',
];

/** A body for a write whose document names no JSON body: multipart forms, raw files, and their broken forms. */
function uploadOf(fieldNames: string[], g: Gen): fc.Arbitrary<Body> {
  const field = fc.tuple(
    fc.constantFrom(...fieldNames),
    fc.oneof(g.enums, g.pools.idArb.map(String), fc.string({ maxLength: 30 }), hostile),
  );
  const file = fc.record({
    name: fc.constantFrom(...FILE_NAMES),
    bytes: fc.constantFrom(...FILES),
    type: fc.constantFrom(...FILE_TYPES),
    field: fc.constantFrom('file', 'file', 'document', 'logo'),
  });
  const multipart = fc
    .tuple(
      fc.array(field, { maxLength: 6 }),
      fc.array(file, { maxLength: 2 }),
      fc.constantFrom('ok', 'ok', 'ok', 'cut', 'noend', 'noboundary'),
    )
    .map(([fields, files, shape]) => {
      const b = 'fuzzboundary';
      const parts = fields.map(([n, v]) => `--${b}\r\nContent-Disposition: form-data; name="${n}"\r\n\r\n${v}\r\n`);
      const chunks = parts.map((p) => Buffer.from(p));
      for (const f of files)
        chunks.push(
          Buffer.from(
            `--${b}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.name}"\r\nContent-Type: ${f.type}\r\n\r\n`,
          ),
          f.bytes,
          Buffer.from('\r\n'),
        );
      if (shape !== 'noend') chunks.push(Buffer.from(`--${b}--\r\n`));
      let payload = Buffer.concat(chunks);
      if (shape === 'cut') payload = payload.subarray(0, Math.floor(payload.length / 2));
      return { payload, type: shape === 'noboundary' ? 'multipart/form-data' : `multipart/form-data; boundary=${b}` };
    });
  const raw = fc.record({ payload: fc.constantFrom(...FILES), type: fc.constantFrom(...FILE_TYPES) });
  const json = fc
    .dictionary(fc.constantFrom(...fieldNames), fc.oneof(g.enums, anyUrl, fc.string()), {
      maxKeys: 4,
    })
    .map((o) => ({ payload: JSON.stringify(o), type: 'application/json' }));
  return fc.oneof({ weight: 4, arbitrary: multipart }, { weight: 3, arbitrary: raw }, json, fc.constant<Body>({}));
}

/** JSON texts no serializer writes: truncated, a number out of range, a prototype key, deep nesting. */
const RAW_JSON = [
  '',
  '{',
  'null',
  '[]',
  '"text"',
  '1e309',
  '{"a":1e309}',
  '{"a":1,"a":2}',
  '{"__proto__":{"is_super_admin":true}}',
  '{"constructor":{"prototype":{"polluted":1}}}',
  '\uFEFF{}',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  `{"a":"${HUGE}"}`,
];

function jsonBodyOf(s: Schema, g: Gen, mode: Mode): fc.Arbitrary<Body> {
  const json = (v: unknown) => ({ payload: JSON.stringify(v), type: 'application/json' });
  if (mode !== 'wild') return strayingOf(s, '', g, mode).map(json);
  const type = fc.constantFrom('application/json; charset=utf-8', 'text/plain', 'application/x-www-form-urlencoded');
  return fc.oneof(
    fc.tuple(strayingOf(s, '', g, mode), type).map(([v, t]) => ({ payload: JSON.stringify(v), type: t })),
    fc.constantFrom(...RAW_JSON).map((p) => ({ payload: p, type: 'application/json' })),
    fc.constantFrom<Body>({}, { payload: Buffer.from([0xc3, 0x28, 0x7b]), type: 'application/json' }),
  );
}

/** Every enum value and property name of the document: the words a valid-looking value is made of. */
function wordsOf(doc: unknown): { enums: string[]; names: string[] } {
  const enums = new Set<string>();
  const names = new Set<string>();
  const walk = (o: unknown) => {
    if (!o || typeof o !== 'object') return;
    const s = o as Schema;
    if (Array.isArray(s.enum)) for (const e of s.enum) if (typeof e === 'string') enums.add(e);
    if (s.properties && typeof s.properties === 'object') for (const k of Object.keys(s.properties)) names.add(k);
    for (const v of Object.values(s)) walk(v);
  };
  walk(doc);
  return { enums: [...enums].sort(), names: [...names].sort() };
}

/** One arbitrary request: an operation of the document, a caller, and its path, query and body. */
export function requestsOf(
  doc: { paths: Record<string, Record<string, Schema>> },
  callers: string[],
  pools: FuzzPools,
): fc.Arbitrary<FuzzRequest> {
  const { enums, names } = wordsOf(doc);
  const global: Gen = {
    pools: { ...pools, idArb: fc.constantFrom(...pools.ids), emailArb: fc.constantFrom(...pools.emails) },
    enums: fc.constantFrom(...enums),
    words: enums,
  };
  /** The operation's own words first (a list's status filter takes the statuses its rows show). */
  const genOf = (op: Schema): Gen => {
    const own = wordsOf(op).enums;
    return own.length
      ? { ...global, enums: fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...own) }, global.enums), words: own }
      : global;
  };
  const uploadFields = [
    'file',
    'category',
    'name',
    'url',
    'acknowledgement',
    'client',
    'description',
    'firm',
    ...names,
  ];
  const perOperation = operationsOf(doc).map((op) => {
    const g = genOf(doc.paths[op.path][op.method.toLowerCase()]);
    const pathParams = op.params.filter((p) => p.in === 'path');
    const queryParams = op.params.filter((p) => p.in === 'query');
    const request = (mode: Mode) => {
      const path = fc
        .tuple(...pathParams.map((p) => pathValueOf(p, g, mode)))
        .map((values) => values.reduce((url, v, i) => url.replace(`{${pathParams[i].name}}`, v), op.path));
      const body =
        op.body === 'json' && op.bodySchema
          ? jsonBodyOf(op.bodySchema, g, mode)
          : op.body === 'upload'
            ? // A write the document gives no body for takes a file, a form, or nothing at all.
              fc.oneof(uploadOf(uploadFields, g), fc.constant<Body>({}))
            : mode === 'wild'
              ? jsonBodyOf({ type: 'object' }, g, mode)
              : fc.constant<Body>({});
      return fc.record({ caller: fc.constantFrom(...callers), path, query: queryOf(queryParams, g, mode), body }).map(
        ({ caller, path, query, body }): FuzzRequest => ({
          route: `${op.method} ${op.route}`,
          mode,
          caller,
          method: op.method,
          url: query ? `${path}?${query}` : path,
          headers: body.type ? { 'content-type': body.type } : {},
          // Light-my-request sends no body with a GET, as browsers do.
          payload: op.method === 'GET' ? undefined : body.payload,
        }),
      );
    };
    return fc.oneof(...MODES.map(({ weight, mode }) => ({ weight, arbitrary: request(mode) })));
  });
  return fc.oneof(...perOperation);
}

/** A request as a person reads it in a failure report: long values cut. */
export function describeRequest(r: FuzzRequest, status?: number, body?: string): string {
  const cut = (s: string, n: number) => (s.length > n ? `${s.slice(0, n)}… (${s.length} chars)` : s);
  const payload = r.payload === undefined ? '' : Buffer.isBuffer(r.payload) ? `<${r.payload.length} bytes>` : r.payload;
  return [
    `${r.method} ${cut(r.url, 300)} as ${r.caller} (${r.mode})${status ? ` → ${status}` : ''}`,
    `headers: ${JSON.stringify(r.headers)}`,
    `body: ${cut(JSON.stringify(payload), 600)}`,
    body !== undefined ? `answer: ${cut(body, 400)}` : '',
  ]
    .filter(Boolean)
    .join('\n');
}
