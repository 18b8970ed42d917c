/**
 * Generators for the hostile-input test: valid-ish values derived from a route's zod schemas, and a
 * mutation layer that turns them hostile (wrong types, huge and empty strings, unicode, deep nesting,
 * `__proto__`/`constructor` keys, numbers out of range). Everything ends as raw text (URL, headers,
 * body), so what is generated is exactly what the server receives and can be kept as a regression.
 */
import zlib from 'node:zlib';
import fc from 'fast-check';
import type { HostileRequest } from './hostile-input-cases';

// ---- JSON text with the keys JSON.stringify cannot write ------------------------------------------

/** A literal piece of JSON text (e.g. `1e400`, which JSON.parse turns into Infinity). */
export class RawJson {
  constructor(readonly text: string) {}
}

/** An object written key by key: duplicate keys and a real `"__proto__"` key survive. */
export class JsonEntries {
  constructor(readonly entries: ReadonlyArray<readonly [string, unknown]>) {}
}

/** Writes a value as JSON text; RawJson and JsonEntries are written as they are. */
export function toJsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (value instanceof JsonEntries) {
    return `{${value.entries.map(([key, item]) => `${JSON.stringify(key)}:${toJsonText(item)}`).join(',')}}`;
  }
  if (Array.isArray(value)) return `[${value.map((item) => (item === undefined ? 'null' : toJsonText(item))).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const parts: string[] = [];
    for (const key of Object.keys(value)) {
      const item = (value as Record<string, unknown>)[key];
      if (item !== undefined) parts.push(`${JSON.stringify(key)}:${toJsonText(item)}`);
    }
    return `{${parts.join(',')}}`;
  }
  if (value === undefined) return 'null';
  if (typeof value === 'bigint') return value.toString();
  return JSON.stringify(value) ?? 'null';
}

/** The text a value has in a URL (path segment or query value) before encoding. */
export function toUrlText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value instanceof RawJson) return value.text;
  if (value === undefined) return '';
  if (value !== null && typeof value === 'object') return toJsonText(value);
  return String(value);
}

/**
 * encodeURIComponent that does not throw: a lone surrogate (which has no UTF-8 form) is written as
 * the three bytes a careless encoder would produce, which are not valid UTF-8.
 */
export function encodeLoose(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    let out = '';
    for (const char of text) {
      const code = char.codePointAt(0)!;
      if (code >= 0xd800 && code <= 0xdfff) {
        out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
          .map((byte) => `%${byte.toString(16).toUpperCase()}`)
          .join('');
      } else {
        out += encodeURIComponent(char);
      }
    }
    return out;
  }
}

// ---- Reading zod schemas -------------------------------------------------------------------------

interface ZodLike {
  _zod: { def: ZodDef; optin?: string };
}
interface ZodDef {
  type: string;
  checks?: ZodLike[];
  [key: string]: unknown;
}
interface CheckDef {
  check?: string;
  format?: string;
  pattern?: RegExp;
  minimum?: number;
  maximum?: number;
  length?: number;
  value?: number | bigint;
  inclusive?: boolean;
}

export function isZodSchema(value: unknown): value is ZodLike {
  return typeof value === 'object' && value !== null && '_zod' in value;
}

const defOf = (schema: ZodLike): ZodDef => schema._zod.def;
const checksOf = (schema: ZodLike): CheckDef[] => (defOf(schema).checks ?? []).map((check) => check._zod.def as CheckDef);

/** May the key be left out of an object (optional, default, or a pipe that starts with one)? */
export function isOptionalKey(schema: ZodLike): boolean {
  return schema._zod.optin === 'optional';
}

/** The shape of an object schema (through pipes and wrappers), or undefined when it is not one. */
export function objectShape(schema: unknown): Record<string, ZodLike> | undefined {
  if (!isZodSchema(schema)) return undefined;
  const def = defOf(schema);
  if (def.type === 'object') return def.shape as Record<string, ZodLike>;
  if (def.type === 'pipe') return objectShape(def.in) ?? objectShape(def.out);
  if (['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional'].includes(def.type)) {
    return objectShape(def.innerType);
  }
  return undefined;
}

// ---- Valid-ish values from a schema --------------------------------------------------------------

export interface ValidishContext {
  /** Known values by placeholder (`~~user.id~~` → a real id): offered where they fit the schema. */
  known: Record<string, string>;
  /** Placeholders resolved at send time (a fresh upload ticket), offered for uuid-shaped strings. */
  lateUuids: string[];
  /** Extra values by object key, for rules zod keeps in refinements (a date of birth, a ticket URL). */
  keyHints: Record<string, fc.Arbitrary<unknown>>;
}

const isoDate = fc
  .date({ min: new Date('1880-01-01T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));

/** Hints that need no world: fields whose real rule lives in a refinement. */
export const defaultKeyHints: Record<string, fc.Arbitrary<unknown>> = {
  dateOfBirth: fc.oneof(isoDate, fc.constantFrom('1994-05-17', '2000-02-29', '2023-02-30', '1990-6-15', ' 1990-06-15 ')),
};

const emailArb = fc
  .tuple(
    fc.stringMatching(/^[a-z0-9][a-z0-9._+-]{0,15}$/),
    fc.stringMatching(/^[a-z0-9]{1,12}$/),
    fc.constantFrom('com', 'org', 'example', 'in', 'co'),
    fc.constantFrom('', ' ', '  '),
    fc.boolean(),
  )
  .map(([local, domain, tld, pad, upper]) => {
    const email = `${local.replace(/\.+$/, '') || 'x'}@${domain}.${tld}`;
    return `${pad}${upper ? email.toUpperCase() : email}${pad}`;
  });

function stringArb(schema: ZodLike, ctx: ValidishContext): fc.Arbitrary<string> {
  const def = defOf(schema) as ZodDef & CheckDef;
  const checks = [def, ...checksOf(schema)];
  let min = 0;
  let max = Infinity;
  const patterns: RegExp[] = [];
  let format: string | undefined;
  for (const check of checks) {
    if (check.check === 'min_length' && typeof check.minimum === 'number') min = Math.max(min, check.minimum);
    if (check.check === 'max_length' && typeof check.maximum === 'number') max = Math.min(max, check.maximum);
    if (check.check === 'length_equals' && typeof check.length === 'number') min = max = check.length;
    if (check.check === 'string_format' || check.format) {
      format = check.format ?? format;
      if (check.pattern instanceof RegExp) patterns.push(check.pattern);
    }
  }
  const knownFitting = Object.entries(ctx.known)
    .filter(([, real]) => real.length >= min && real.length <= max && patterns.every((pattern) => pattern.test(real)))
    .map(([placeholder]) => placeholder);

  let base: fc.Arbitrary<string>;
  if (format === 'email') base = emailArb;
  else if (format === 'uuid' || format === 'guid') {
    const late = ctx.lateUuids.length > 0 ? [fc.constantFrom(...ctx.lateUuids)] : [];
    base = fc.oneof(fc.uuid(), fc.constant('00000000-0000-0000-0000-000000000000'), ...late);
  } else if (patterns.length > 0) base = fc.stringMatching(patterns[0]!);
  else {
    const upper = Math.min(max, min + 40);
    base = fc.oneof(
      fc.string({ minLength: min, maxLength: upper }),
      fc.string({ minLength: min, maxLength: upper, unit: 'grapheme' }),
      fc.lorem({ maxCount: 12 }).map((text) => (text.length < min ? text.padEnd(min, ' ok') : text).slice(0, max)),
    );
  }
  if (knownFitting.length === 0) return base;
  return fc.oneof({ weight: 1, arbitrary: base }, { weight: 1, arbitrary: fc.constantFrom(...knownFitting) });
}

function numberArb(schema: ZodLike): fc.Arbitrary<number | string> {
  const def = defOf(schema);
  let min = -1e9;
  let max = 1e9;
  let integer = false;
  for (const check of checksOf(schema)) {
    if (check.check === 'number_format' && (check.format === 'safeint' || check.format?.startsWith('int'))) integer = true;
    if (check.check === 'greater_than' && typeof check.value === 'number') min = Math.max(min, check.value + (check.inclusive ? 0 : 1));
    if (check.check === 'less_than' && typeof check.value === 'number') max = Math.min(max, check.value - (check.inclusive ? 0 : 1));
  }
  const value: fc.Arbitrary<number> = integer
    ? fc.integer({ min: Math.ceil(min), max: Math.floor(Math.max(min, max)) })
    : fc.double({ min, max: Math.max(min, max), noNaN: true });
  // A coercing schema takes the text forms too (the way a form or a query string sends them).
  return def.coerce ? fc.oneof(value, value.map((n) => String(n))) : value;
}

/** A value the schema (probably) accepts; anything() where the schema is too clever to read. */
export function validish(schema: unknown, ctx: ValidishContext, key?: string, depth = 0): fc.Arbitrary<unknown> {
  if (!isZodSchema(schema) || depth > 8) return fc.anything();
  const base = validishOf(schema, ctx, depth);
  const hint = key !== undefined ? ctx.keyHints[key] : undefined;
  return hint ? fc.oneof(base, hint) : base;
}

function validishOf(schema: ZodLike, ctx: ValidishContext, depth: number): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const inner = (child: unknown, key?: string) => validish(child, ctx, key, depth + 1);
  switch (def.type) {
    case 'string':
      return stringArb(schema, ctx);
    case 'number':
      return numberArb(schema);
    case 'boolean':
      return def.coerce ? fc.oneof(fc.boolean(), fc.constantFrom('true', 'false', '1', '0')) : fc.boolean();
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, string | number>));
    case 'null':
      return fc.constant(null);
    case 'undefined':
    case 'void':
      return fc.constant(undefined);
    case 'object': {
      const shape = def.shape as Record<string, ZodLike>;
      const fields = Object.fromEntries(Object.entries(shape).map(([name, child]) => [name, inner(child, name)]));
      const requiredKeys = Object.keys(shape).filter((name) => !isOptionalKey(shape[name]!));
      return fc.record(fields, { requiredKeys });
    }
    case 'array': {
      let minLength = 0;
      let maxLength = 5;
      for (const check of checksOf(schema)) {
        if (check.check === 'min_length' && typeof check.minimum === 'number') minLength = check.minimum;
        if (check.check === 'max_length' && typeof check.maximum === 'number') maxLength = Math.min(check.maximum, 5);
        if (check.check === 'length_equals' && typeof check.length === 'number') minLength = maxLength = check.length;
      }
      return fc.array(inner(def.element), { minLength, maxLength: Math.max(minLength, maxLength) });
    }
    case 'optional':
    case 'default':
    case 'prefault':
      return fc.option(inner(def.innerType), { nil: undefined, freq: 4 });
    case 'nullable':
      return fc.option(inner(def.innerType), { nil: null, freq: 4 });
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return inner(def.innerType);
    case 'lazy':
      return inner((def.getter as () => unknown)());
    case 'union':
      return fc.oneof(...(def.options as unknown[]).map((option) => inner(option)));
    case 'pipe': {
      const from = defOf(def.in as ZodLike).type;
      const to = defOf(def.out as ZodLike).type;
      // A preprocess (transform → schema) is generated from its target; a transform at the end from
      // its input; string → string (trim, then rules) from the side that carries the rules.
      if (to === 'transform') return inner(def.in);
      if (from === 'transform') return inner(def.out);
      return from === to ? inner(def.out) : inner(def.in);
    }
    default:
      return fc.anything();
  }
}

// ---- Hostile values --------------------------------------------------------------------------------

/** Strings that have broken parsers, databases and templates before. */
export const nastyStrings = [
  '',
  ' ',
  '\t\n\r',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uDFFF',
  'x\uDBFFy',
  '\uFEFF',
  '\u200B\u200C\u200D',
  '\u202Eevil\u202C',
  'שלום עולם',
  'مرحبا',
  '👨‍👩‍👧‍👦🏳️‍🌈',
  'e\u0301\u0301\u0301\u0301',
  'Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǫ̗̈́',
  'ǅǈǋ ß ﬃ İ',
  '０１２３',
  '١٢٣',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-Infinity',
  '-0',
  '1e308',
  '1e400',
  '9'.repeat(400),
  '0x1F',
  '0b101',
  '1_000',
  ' 42 ',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  "'; DROP TABLE users; --",
  "' OR '1'='1",
  '$1',
  '<script>alert(1)</script>',
  '${7*7}{{7*7}}#{7*7}',
  '../../../../etc/passwd',
  '..%2F..%2F',
  '%00',
  '%E0%A4%A',
  '\\u0000',
  'http://evil.example/',
  '//evil.example',
  '/\\evil.example',
  'javascript:alert(1)',
  '\r\nSet-Cookie: x=1',
  '00000000-0000-0000-0000-000000000000',
  'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF',
  '/objects/photos/../../session-secret',
] as const;

/** Lengths around the interesting limits: the field limits, and the 1 MB body limit on both sides. */
const hugeLengths = [201, 2001, 4001, 7001, 100_000, 400_000, 1_048_000, 1_100_000] as const;
const hugeUnits = ['a', ' ', 'é', '😀', '\u0000', '"', '\\', '\uD800', 'ab ', '1'] as const;

export const hugeString = fc
  .tuple(fc.constantFrom(...hugeLengths), fc.constantFrom(...hugeUnits))
  .map(([length, unit]) => unit.repeat(Math.max(1, Math.floor(length / unit.length))));

const loneSurrogates = fc.string({ unit: fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code)), minLength: 1, maxLength: 4 });

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...nastyStrings) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 1, arbitrary: loneSurrogates },
  { weight: 2, arbitrary: hugeString },
);

/** Numbers JSON can carry that no field expects: huge, tiny, negative zero, past 2^53, Infinity after parsing. */
export const hostileNumber: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(0, -1, 1.5, -0.5, 1e308, -1e308, Number.MIN_VALUE, 2 ** 31, -(2 ** 31) - 1, 2 ** 32, 2 ** 53, -(2 ** 53), Number.MAX_SAFE_INTEGER),
  fc.constantFrom('1e400', '-1e400', '1e-400', '-0', '-0.0', '9007199254740993', '123456789012345678901234567890', '0.1e1', '1E2').map((text) => new RawJson(text)),
  fc.double(),
  fc.integer(),
);

/** Deep nesting, written as text so it costs nothing to generate. */
export const deepNesting: fc.Arbitrary<RawJson> = fc
  .tuple(fc.constantFrom(10, 100, 1000, 10_000, 100_000), fc.constantFrom('array', 'object', 'mixed'))
  .map(([depth, kind]) => {
    if (kind === 'array') return new RawJson(`${'['.repeat(depth)}${']'.repeat(depth)}`);
    if (kind === 'object') return new RawJson(`${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`);
    return new RawJson(`${'[{"__proto__":'.repeat(depth)}null${'}]'.repeat(depth)}`);
  });

/** The keys that reach into prototypes when code merges objects carelessly. */
export const dangerousKeys = ['__proto__', 'constructor', 'prototype'] as const;
const extraKeyNames = [...dangerousKeys, 'toString', 'valueOf', 'hasOwnProperty', '__defineGetter__', 'isAdmin', 'userId', 'id', 'sid', '', ' ', '\u0000', 'a.b', 'a[b]', '$where'] as const;

/** Objects that pollute a prototype if merged or assigned key by key. */
export const pollutionPayload: fc.Arbitrary<unknown> = fc.constantFrom(
  new JsonEntries([['__proto__', new JsonEntries([['polluted', 'yes'], ['isAdmin', true], ['userId', '00000000-0000-0000-0000-000000000000']])]]),
  new JsonEntries([['constructor', new JsonEntries([['prototype', new JsonEntries([['polluted', 'yes'], ['isAdmin', true]])]])]]),
  new JsonEntries([['prototype', new JsonEntries([['polluted', 'yes']])]]),
  new JsonEntries([['polluted', 'yes'], ['isAdmin', true]]),
  new JsonEntries([['toString', 'x'], ['valueOf', 1]]),
);

/** Long arrays, written as text: a thousand or a hundred thousand items. */
const longArray: fc.Arbitrary<RawJson> = fc
  .tuple(fc.constantFrom(1000, 100_000), fc.constantFrom<unknown>('a', 0, null, {}, [], '/objects/photos/aaaaaaaaaaaaaaaa.jpg'))
  .map(([length, item]) => new RawJson(`[${new Array<string>(length).fill(toJsonText(item)).join(',')}]`));

const scalarOfWrongType: fc.Arbitrary<unknown> = fc.constantFrom(null, true, false, 0, 1, -1, '', '0', 'true', [], {}, [null], [''], [[]], { length: 1e9 }, { '0': 'a', length: 1 });

/** A value to put where the schema expects something else. */
export const hostileValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { maxDepth: 3, withCrossShrink: true },
    { weight: 4, arbitrary: scalarOfWrongType },
    { weight: 4, arbitrary: hostileString },
    { weight: 3, arbitrary: hostileNumber },
    { weight: 2, arbitrary: pollutionPayload },
    { weight: 1, arbitrary: deepNesting },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
    { weight: 1, arbitrary: fc.array(tie('value'), { maxLength: 3 }) },
    { weight: 1, arbitrary: longArray },
  ),
})).value;

// ---- Mutating a valid-ish value ----------------------------------------------------------------------

type Mutation =
  | { kind: 'replace'; at: number; value: unknown }
  | { kind: 'drop'; at: number }
  | { kind: 'extra'; key: string; value: unknown }
  | { kind: 'whole'; value: unknown }
  | { kind: 'duplicate'; at: number; value: unknown }
  | { kind: 'wrap'; as: 'array' | 'object' };

const mutationArb: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('replace' as const), at: fc.nat(), value: hostileValue }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('drop' as const), at: fc.nat() }) },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('extra' as const),
      key: fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...extraKeyNames) }, { weight: 1, arbitrary: fc.string() }),
      value: fc.oneof(pollutionPayload, hostileValue),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('whole' as const), value: hostileValue }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('duplicate' as const), at: fc.nat(), value: hostileValue }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('wrap' as const), as: fc.constantFrom('array' as const, 'object' as const) }) },
);

function entriesOf(value: unknown): Array<readonly [string, unknown]> | undefined {
  if (value instanceof JsonEntries) return [...value.entries];
  if (value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof RawJson)) {
    return Object.entries(value).filter(([, item]) => item !== undefined);
  }
  return undefined;
}

function applyMutation(value: unknown, mutation: Mutation): unknown {
  if (mutation.kind === 'whole') return mutation.value;
  if (mutation.kind === 'wrap') return mutation.as === 'array' ? [value] : new JsonEntries([['data', value]]);
  const entries = entriesOf(value);
  if (!entries) return mutation.kind === 'extra' ? new JsonEntries([[mutation.key, mutation.value]]) : value;
  if (mutation.kind === 'extra') return new JsonEntries([...entries, [mutation.key, mutation.value]]);
  if (entries.length === 0) return value;
  const at = mutation.at % entries.length;
  const [key] = entries[at]!;
  if (mutation.kind === 'drop') return new JsonEntries(entries.filter((_, index) => index !== at));
  if (mutation.kind === 'duplicate') return new JsonEntries([...entries, [key, mutation.value]]);
  return new JsonEntries(entries.map((entry, index) => (index === at ? [key, mutation.value] : entry)));
}

/** Valid-ish values, and the same values after one to three mutations. */
export function hostileFrom(valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc.oneof(
    { withCrossShrink: true },
    { weight: 3, arbitrary: valid },
    {
      weight: 6,
      arbitrary: fc
        .tuple(valid, fc.array(mutationArb, { minLength: 1, maxLength: 3 }))
        .map(([value, mutations]) => mutations.reduce(applyMutation, value)),
    },
    { weight: 1, arbitrary: hostileValue },
  );
}

// ---- Bodies ------------------------------------------------------------------------------------------

/** Text that is not quite JSON, or JSON the parser may choke on. */
const brokenJsonText = fc.constantFrom(
  '',
  ' ',
  '{',
  '}',
  '{"a":',
  '{"a":1,}',
  "{'a':1}",
  '{"a":NaN}',
  '{"a":undefined}',
  '{"a":1}{"b":2}',
  '{"a":1} // comment',
  '/* c */ {}',
  '\uFEFF{}',
  'null',
  'true',
  '"string"',
  '[]',
  '0',
  '-',
  '{"\\ud800":"\\udfff"}',
  '{"a":"\\u0000"}',
  '{"a":"\\x41"}',
  '{"__proto__":{"polluted":"yes"},"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"polluted":"yes"}}}',
  '{"a":{"__proto__":{"polluted":"yes"}}}',
  '[{"__proto__":{"polluted":"yes"}}]',
  `{"a":"${'x'.repeat(1024 * 1024)}"}`,
  ' '.repeat(1024 * 1024 + 1),
);

const jsonContentTypes = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'APPLICATION/JSON',
  'application/json;;;',
  'application/vnd.api+json',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=----x',
  'text/plain',
  'text/html',
  'application/octet-stream',
  'image/jpeg',
  '*/*',
  'application',
] as const;

export interface BodyCase {
  contentType?: string;
  contentEncoding?: string;
  body?: string;
  bodyBase64?: string;
}

const compressors: Record<string, (bytes: Buffer) => Buffer> = {
  gzip: (bytes) => zlib.gzipSync(bytes),
  deflate: (bytes) => zlib.deflateSync(bytes),
  br: (bytes) => zlib.brotliCompressSync(bytes),
};

let bomb: string | undefined;
/** 64 MB of JSON in about 64 KB of gzip: the body limit must hold after decompression too. */
function gzipBomb(): string {
  bomb ??= zlib.gzipSync(Buffer.concat([Buffer.from('{"email":"'), Buffer.alloc(64 * 1024 * 1024, 0x61), Buffer.from('"}')])).toString('base64');
  return bomb;
}

/** JSON bodies: valid-ish, mutated, broken text, nothing at all, or bytes that are not UTF-8. */
export function jsonBodyArb(schema: unknown, ctx: ValidishContext, seed?: unknown): fc.Arbitrary<BodyCase> {
  const derived = schema ? validish(schema, ctx) : fc.constant({});
  // A body known to pass every rule: mutating one field of it tests that field past all the others.
  const value = hostileFrom(seed === undefined ? derived : fc.oneof(derived, fc.constant(seed)));
  const contentType = fc.oneof({ withCrossShrink: true }, { weight: 12, arbitrary: fc.constant('application/json') }, { weight: 3, arbitrary: fc.constantFrom(...jsonContentTypes) }, { weight: 1, arbitrary: fc.constant(undefined) });
  return fc.oneof(
    { withCrossShrink: true },
    { weight: 12, arbitrary: fc.record({ contentType, body: value.map(toJsonText) }) },
    { weight: 1, arbitrary: fc.record({ contentType, body: brokenJsonText }) },
    {
      weight: 1,
      arbitrary: fc.record({
        contentType,
        body: fc.tuple(value.map(toJsonText), fc.nat()).map(([text, cut]) => text.slice(0, cut % (text.length + 1))),
      }),
    },
    { weight: 1, arbitrary: fc.record({ contentType: fc.constantFrom('application/json', undefined) }, { requiredKeys: [] }) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(contentType, value.map(toJsonText), fc.constantFrom('gzip', 'deflate', 'br'), fc.constantFrom('exact', 'claimed-other', 'bomb'))
        .map(([type, text, encoding, variant]): BodyCase => {
          if (variant === 'bomb') return { contentType: type, contentEncoding: 'gzip', bodyBase64: gzipBomb() };
          const claimed = variant === 'exact' ? encoding : encoding === 'gzip' ? 'br' : 'gzip';
          return { contentType: type, contentEncoding: claimed, bodyBase64: compressors[encoding]!(Buffer.from(text)).toString('base64') };
        }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        contentType,
        bodyBase64: fc
          .tuple(value.map(toJsonText), fc.uint8Array({ minLength: 1, maxLength: 16 }))
          .map(([text, junk]) => {
            // Invalid UTF-8 bytes in the middle of a JSON string (after the first quote).
            const quote = Math.max(0, text.indexOf('"') + 1);
            return Buffer.concat([Buffer.from(text.slice(0, quote)), Buffer.from(junk).map((b) => b | 0x80), Buffer.from(text.slice(quote))]).toString('base64');
          }),
      }),
    },
  );
}

/** Raw upload bodies: real images and things pretending to be images. */
export function bytesBodyArb(samples: Record<string, Buffer>): fc.Arbitrary<BodyCase> {
  const named = Object.keys(samples);
  const contentType = fc.option(fc.constantFrom('image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/svg+xml', 'application/json', 'application/octet-stream', 'text/plain', 'multipart/form-data'), { nil: undefined, freq: 5 });
  return fc.oneof(
    { weight: 3, arbitrary: fc.record({ contentType, sample: fc.constantFrom(...named) }).map(({ contentType: type, sample }) => ({ contentType: type, bodyBase64: `@sample:${sample}` })) },
    {
      weight: 2,
      arbitrary: fc
        .record({ contentType, sample: fc.constantFrom(...named), cut: fc.nat(), flip: fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { maxLength: 8 }) })
        .map(({ contentType: type, sample, cut, flip }) => {
          const bytes = Buffer.from(samples[sample]!);
          for (const [at, byte] of flip) if (bytes.length > 0) bytes[at % bytes.length] = byte;
          return { contentType: type, bodyBase64: bytes.subarray(0, 1 + (cut % bytes.length)).toString('base64') };
        }),
    },
    { weight: 2, arbitrary: fc.record({ contentType, bodyBase64: fc.uint8Array({ maxLength: 2048 }).map((bytes) => Buffer.from(bytes).toString('base64')) }) },
    { weight: 1, arbitrary: fc.record({ contentType, body: hostileString }) },
    { weight: 1, arbitrary: fc.record({ contentType }, { requiredKeys: [] }) },
  );
}

// ---- Params, query strings, headers ------------------------------------------------------------------

/** Path segments a browser would never send: malformed escapes, dot segments, too long, encoded slashes. */
const rawSegments = fc.constantFrom('%', '%zz', '%E0%A4%A', '%00', '%2F', '%2e%2e', '..', '.', '%C0%AF', '%FF', 'a'.repeat(201), '%20', '+', ';a=b', '%3Fx=1', '%23', 'é', '😀');

export function pathArb(url: string, paramsSchema: unknown, ctx: ValidishContext): fc.Arbitrary<string> {
  const names = [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1]!);
  if (names.length === 0) return fc.constant(url);
  const shape = objectShape(paramsSchema) ?? {};
  const segment = (name: string) =>
    fc.oneof(
      { weight: 5, arbitrary: validish(shape[name], ctx, name).map((value) => encodeLoose(toUrlText(value))) },
      { weight: 3, arbitrary: hostileString.map((value) => encodeLoose(value.slice(0, 300))) },
      { weight: 1, arbitrary: hostileNumber.map((value) => encodeLoose(toUrlText(value))) },
      { weight: 1, arbitrary: rawSegments },
    );
  return fc.tuple(...names.map(segment)).map((segments) => {
    let path = url;
    names.forEach((name, index) => {
      path = path.replace(`:${name}`, () => segments[index]!);
    });
    return path;
  });
}

type QueryPart = readonly [string, string, 'plain' | 'raw'];

const queryJunk: fc.Arbitrary<QueryPart> = fc.oneof(
  fc.constantFrom<QueryPart>(
    ['__proto__', 'x', 'plain'],
    ['__proto__[polluted]', 'yes', 'raw'],
    ['__proto__.polluted', 'yes', 'raw'],
    ['constructor[prototype][polluted]', 'yes', 'raw'],
    ['constructor', 'x', 'plain'],
    ['prototype', 'x', 'plain'],
    ['a[]', '1', 'raw'],
    ['a[0]', '1', 'raw'],
    ['a[b][c]', '1', 'raw'],
    ['', '', 'raw'],
    ['=', '', 'raw'],
    ['%', '%', 'raw'],
    ['%zz', '%E0%A4%A', 'raw'],
    ['&&&', '', 'raw'],
    ['a', '%00', 'raw'],
  ),
  fc.tuple(fc.string({ maxLength: 10 }), hostileString).map(([key, value]): QueryPart => [key, value.slice(0, 200_000), 'plain']),
);

function renderQuery(parts: readonly QueryPart[]): string {
  return parts
    .map(([key, value, mode]) => (mode === 'raw' ? (value === '' ? key : `${key}=${value}`) : `${encodeLoose(key)}=${encodeLoose(value)}`))
    .join('&');
}

export function queryArb(querySchema: unknown, ctx: ValidishContext): fc.Arbitrary<string> {
  const shape = objectShape(querySchema) ?? {};
  const names = Object.keys(shape);
  const field = (name: string): fc.Arbitrary<QueryPart[]> =>
    fc.oneof(
      { weight: 6, arbitrary: validish(shape[name], ctx, name).map((value): QueryPart[] => (value === undefined ? [] : [[name, toUrlText(value), 'plain']])) },
      { weight: 3, arbitrary: fc.oneof(hostileString, hostileNumber.map(toUrlText)).map((value): QueryPart[] => [[name, value, 'plain']]) },
      // Repeated keys become arrays; brackets are plain key names to our parser.
      { weight: 1, arbitrary: fc.array(validish(shape[name], ctx, name).map(toUrlText), { minLength: 2, maxLength: 3 }).map((values) => values.map((value): QueryPart => [name, value, 'plain'])) },
      { weight: 1, arbitrary: validish(shape[name], ctx, name).map((value): QueryPart[] => [[`${name}[]`, toUrlText(value), 'plain']]) },
      { weight: 1, arbitrary: fc.constant<QueryPart[]>([[name, '', 'raw']]) },
    );
  const fields = names.length > 0 ? fc.tuple(...names.map(field)).map((groups) => groups.flat()) : fc.constant<QueryPart[]>([]);
  return fc
    .tuple(fields, fc.oneof({ withCrossShrink: true }, { weight: 3, arbitrary: fc.constant<QueryPart[]>([]) }, { weight: 1, arbitrary: fc.array(queryJunk, { minLength: 1, maxLength: 3 }) }), fc.boolean())
    .map(([own, junk, shuffle]) => {
      const parts = [...own, ...junk];
      return renderQuery(shuffle ? parts.reverse() : parts);
    });
}

/** Values for headers read as numbers (Last-Event-ID). */
export const numericHeaderValue: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('0', '-1', '1.5', '1e400', '99999999999999999999', 'NaN', 'abc', ' 7 ', '0x10', '9007199254740993', '1', '', '١'),
  fc.nat().map(String),
  hostileString.map((text) => text.slice(0, 100).replace(/[^\x20-\x7e]/g, '')),
);

/** Headers a hostile client sends along: forged cookies, other origins, odd encodings. */
const extraHeader: fc.Arbitrary<readonly [string, string]> = fc.oneof(
  fc.tuple(
    fc.constant('cookie'),
    fc.constantFrom('sanga.sid=garbage', 'sanga.sid=s%3Aabc.def', `sanga.sid=${'a'.repeat(5000)}`, 'sanga.sid=%E0%A4%A', 'sanga.sid=', '__proto__=x; constructor=y', 'sanga.sid=1; sanga.sid=2', '=; ;;', 'a=b'),
  ),
  fc.tuple(fc.constant('origin'), fc.constantFrom('https://evil.example', 'null', 'http://localhost', '::::', 'http://[::1', 'file://')),
  fc.tuple(fc.constant('sec-fetch-site'), fc.constantFrom('cross-site', 'same-origin', 'same-site', 'none', 'CROSS-SITE')),
  fc.tuple(fc.constant('accept-encoding'), fc.constantFrom('gzip', 'br', 'deflate', '*;q=0', 'identity;q=0, *;q=0', 'x-unknown', 'br;q=abc', 'gzip, gzip, gzip')),
  fc.tuple(fc.constant('content-encoding'), fc.constantFrom('gzip', 'br', 'deflate', 'identity', 'x-unknown', 'gzip, br')),
  fc.tuple(fc.constant('accept'), fc.constantFrom('text/event-stream', 'application/xml', '*/*;q=abc', '')),
  fc.tuple(fc.constant('last-event-id'), numericHeaderValue),
  fc.tuple(fc.constant('content-length'), fc.constantFrom('0', '1', '-1', 'abc', '99999999999')),
  fc.tuple(fc.constant('x-forwarded-for'), fc.constantFrom('1.2.3.4', 'garbage', '::1, 127.0.0.1')),
  fc.tuple(fc.constant('host'), fc.constantFrom('evil.example', 'localhost:80', '[::1]', 'a'.repeat(300))),
);

export const extraHeadersArb: fc.Arbitrary<Record<string, string>> = fc
  .oneof({ withCrossShrink: true }, { weight: 3, arbitrary: fc.constant<Array<readonly [string, string]>>([]) }, { weight: 2, arbitrary: fc.array(extraHeader, { minLength: 1, maxLength: 3 }) })
  .map((pairs) => Object.fromEntries(pairs));

// ---- One whole request -------------------------------------------------------------------------------

export interface RouteSchemas {
  body?: unknown;
  params?: unknown;
  querystring?: unknown;
}

export interface RequestArbOptions {
  method: string;
  url: string;
  schema: RouteSchemas;
  ctx: ValidishContext;
  /** Raw-bytes routes (uploads) get images and junk instead of JSON. */
  bytes?: Record<string, Buffer>;
  /** Sometimes replace the whole URL (a real upload link, so the body is read at all). */
  urlOverride?: string;
  /** A JSON body that passes every rule of the route (placeholders allowed), mutated like the rest. */
  bodySeed?: unknown;
  /** Headers this route reads: sent in half the requests. */
  headerHints?: Record<string, fc.Arbitrary<string>>;
}

/** The signed-in user most often: most routes do their work only for them. */
const callerArb = fc.oneof(
  { withCrossShrink: true },
  { weight: 1, arbitrary: fc.constant('visitor' as const) },
  { weight: 2, arbitrary: fc.constant('user' as const) },
  { weight: 1, arbitrary: fc.constant('admin' as const) },
);

export function requestArb(options: RequestArbOptions): fc.Arbitrary<HostileRequest> {
  const { method, url, schema, ctx } = options;
  const hasBody = !['GET', 'HEAD', 'DELETE', 'OPTIONS'].includes(method);
  const body: fc.Arbitrary<BodyCase> = options.bytes
    ? bytesBodyArb(options.bytes)
    : hasBody
      ? jsonBodyArb(schema.body, ctx, options.bodySeed)
      : fc.oneof({ withCrossShrink: true }, { weight: 9, arbitrary: fc.constant<BodyCase>({}) }, { weight: 1, arbitrary: jsonBodyArb(undefined, ctx) });
  const path = fc.tuple(pathArb(url, schema.params, ctx), queryArb(schema.querystring, ctx)).map(([p, q]) => (q ? `${p}?${q}` : p));
  const fullUrl = options.urlOverride ? fc.oneof(path, fc.constant(options.urlOverride)) : path;
  const hinted = Object.entries(options.headerHints ?? {}).map(([name, value]) => fc.option(value.map((text): [string, string] => [name, text]), { nil: undefined }));
  const headers = fc.tuple(extraHeadersArb, fc.tuple(...hinted)).map(([extra, hints]) => ({ ...extra, ...Object.fromEntries(hints.filter((hint) => hint !== undefined)) }));
  return fc.record({ caller: callerArb, url: fullUrl, body, headers }).map(({ caller, url: target, body: payload, headers: sent }) => {
    const request: HostileRequest = { caller, method, url: target, headers: { ...sent } };
    if (payload.contentType !== undefined) request.headers['content-type'] = payload.contentType;
    if (payload.contentEncoding !== undefined) request.headers['content-encoding'] = payload.contentEncoding;
    if (payload.body !== undefined) request.body = payload.body;
    if (payload.bodyBase64 !== undefined) request.bodyBase64 = payload.bodyBase64;
    return request;
  });
}
