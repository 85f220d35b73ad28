/**
 * Shared pieces of the bad-input fuzz suite: hostile values, the seed/runs
 * settings and the one property every answer must satisfy (no status >= 500; every 4xx has a
 * non-empty `message`). See docs/server.md "Bad input".
 */
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';

/** FUZZ_SEED reproduces a run; without it every run picks (and prints) a new seed. */
export const FUZZ_SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : (Date.now() ^ (Math.random() * 0x7fffffff)) | 0;
/** Cases per run over the whole suite (FUZZ_RUNS overrides); each file takes its share. */
export const FUZZ_TOTAL_RUNS = process.env.FUZZ_RUNS ? Number(process.env.FUZZ_RUNS) : 10_200;

/** This file's share of FUZZ_TOTAL_RUNS (the shares of all files add up to 1). */
export function runsFor(share: number): number {
  return Math.max(1, Math.round(FUZZ_TOTAL_RUNS * share));
}

/** FUZZ_DEBUG=1 logs the cause of every 500 (Fastify's logger at level error) */
export const FUZZ_LOGGER = process.env.FUZZ_DEBUG ? { level: 'error' } : false;

/** Generous: the suite makes thousands of requests on a shared, loaded 2-core machine. */
export const FUZZ_TIMEOUT_MS = 300_000;

const SQL = [
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '" OR ""="',
  '1; SELECT pg_sleep(5)--',
  "1' UNION SELECT password_hash FROM users--",
  '%',
  '_',
  '\\',
  "\\'",
  '$1',
  '?',
  ':name',
  '/*',
  '*/',
  '--',
  ';',
  '%_%',
];
const TRAVERSAL = [
  '..',
  '.',
  '../../etc/passwd',
  '..%2f..%2fetc%2fpasswd',
  '%2e%2e',
  '%2e%2e%2f',
  '%252e%252e',
  '..\\..\\windows',
  '/etc/passwd',
  'http://169.254.169.254/latest/meta-data',
  '//evil.example',
  'user@evil.example',
  '[::1]',
  '%00',
  '\u0000',
];
const UNICODE = [
  '\u0000',
  'a\u0000b',
  '\u0001\u0002\u001f\u007f',
  '\u200b\u200e\u202e',
  '\ufeff',
  '\ud800',
  '\udfff',
  '\ud83d\ude00',
  'e\u0301',
  'Ⅻ',
  'ﬁ',
  '\u2028\u2029',
  '\r\n',
  '\t',
  'İı',
  '𝟘',
  '<script>alert(1)</script>',
  '{{7*7}}',
  '${7*7}',
  '__proto__',
  'constructor',
  'toString',
];
const NUMERIC_TEXT = ['4294967296', '9999999999', '0', '-1', '1', '1.5', '1e21', '1e309', 'NaN', 'Infinity', '-Infinity', '0x10', '9007199254740993', '99999999999999999999', '2147483648', ' 1', '1 ', '+1', '٣'];

/** Short text meant to break parsers, queries, paths and encodings. */
const shortHostileString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...SQL, ...TRAVERSAL, ...UNICODE, ...NUMERIC_TEXT, ''), weight: 6 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 3 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }), weight: 2 },
  { arbitrary: fc.string({ maxLength: 20 }), weight: 2 },
  {
    arbitrary: fc.tuple(fc.string({ maxLength: 8 }), fc.constantFrom(...SQL, ...TRAVERSAL, ...UNICODE), fc.string({ maxLength: 8 })).map(([a, b, c]) => a + b + c),
    weight: 3,
  },
);

/** Huge text: past every field's maximum (the 1 MiB body limit has its own test). */
const hugeString: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom('a', 'é', '\u0000', "'", '😀', '%', ' '), fc.integer({ min: 200, max: 70_000 }))
  .map(([c, n]) => c.repeat(n));

/** Text meant to break parsers, queries, paths and encodings; now and then huge. */
export const hostileString: fc.Arbitrary<string> = fc.oneof({ arbitrary: shortHostileString, weight: 16 }, { arbitrary: hugeString, weight: 1 });

/** Numbers that JSON can carry and handlers may not expect. */
export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(0, -0, -1, 1, 0.5, -0.5, 2 ** 31, 2 ** 31 - 1, -(2 ** 31), 2 ** 53, 2 ** 53 + 2, -(2 ** 53), 1e21, 1e308, -1e308, 5e-324, Number.MAX_VALUE),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Any JSON value, biased towards hostile leaves. */
export const hostileJson: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    shortHostileString,
    hostileNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 5 }),
    fc.dictionary(shortHostileString, tie('value'), { maxKeys: 5 }),
  ),
})).value;

/** A value of the wrong (or right) type for a field that expects `type`. */
export function valueFor(type: string | undefined): fc.Arbitrary<unknown> {
  const plausible: fc.Arbitrary<unknown> =
    type === 'number'
      ? hostileNumber
      : type === 'boolean'
        ? fc.boolean()
        : type === 'array'
          ? fc.array(hostileJson, { maxLength: 4 })
          : type === 'object'
            ? fc.dictionary(hostileString, hostileJson, { maxKeys: 4 })
            : hostileString;
  return fc.oneof({ arbitrary: plausible, weight: 3 }, { arbitrary: hostileJson, weight: 2 });
}

export interface Violation {
  request: string;
  status: number;
  body: string;
}

/** The property: no 5xx; every 4xx (except to HEAD, which has no body) carries a non-empty message. */
export function violationOf(response: LightMyRequestResponse, method: string): string | null {
  const status = response.statusCode;
  if (status >= 500) return `status ${status}`;
  if (status >= 400 && method !== 'HEAD') {
    let message: unknown;
    try {
      message = (JSON.parse(response.body) as { message?: unknown }).message;
    } catch {
      return `${status} without a JSON body`;
    }
    if (typeof message !== 'string' || message.trim() === '') return `${status} without a message`;
  }
  return null;
}

export function describeRequest(method: string, url: string, headers: Record<string, string>, body: unknown): string {
  const text = typeof body === 'string' ? body : body === undefined ? '' : JSON.stringify(body);
  return `${method} ${url} ${JSON.stringify(headers)} ${text.length > 600 ? `${text.slice(0, 600)}… (${text.length} chars)` : text}`;
}

/** Counts answers by status for the printed summary. */
export class Tally {
  readonly byStatus = new Map<number, number>();
  readonly violations: Violation[] = [];
  cases = 0;

  readonly messages = new Map<string, number>();

  record(status: number, body?: string): void {
    if (process.env.FUZZ_DEBUG && status >= 400 && body) {
      const message = /"message":"([^"]{0,60})/.exec(body)?.[1] ?? body.slice(0, 60);
      this.messages.set(`${status} ${message}`, (this.messages.get(`${status} ${message}`) ?? 0) + 1);
    }
    this.cases += 1;
    this.byStatus.set(status, (this.byStatus.get(status) ?? 0) + 1);
  }

  summary(name: string, ms: number): string {
    const statuses = [...this.byStatus.entries()].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`).join(' ');
    const top = [...this.messages.entries()].sort(([, a], [, b]) => b - a).slice(0, 25).map(([m, n]) => `\n  ${n} × ${m}`).join('');
    return `[fuzz] ${name}${top}\n: ${this.cases} cases in ${(ms / 1000).toFixed(1)} s, seed ${FUZZ_SEED} (FUZZ_SEED=${FUZZ_SEED} to reproduce); statuses ${statuses}; violations ${this.violations.length}`;
  }

  /** A readable failure: the first few distinct violations and how to reproduce them. */
  report(): string {
    const seen = new Set<string>();
    const lines: string[] = [];
    for (const v of this.violations) {
      const key = `${v.status} ${v.request.slice(0, 80)}`;
      if (seen.has(key)) continue;
      seen.add(key);
      lines.push(`${v.status} ${v.body.slice(0, 200)}\n    ← ${v.request}`);
      if (lines.length >= 15) break;
    }
    return `${this.violations.length} violation(s), seed ${FUZZ_SEED} (rerun with FUZZ_SEED=${FUZZ_SEED}):\n${lines.join('\n')}`;
  }
}

/** `arbitrary` in about one case out of `oneIn`, else `otherwise` (undefined by default). */
export function rarely<T, U = undefined>(arbitrary: fc.Arbitrary<T>, oneIn: number, otherwise?: U): fc.Arbitrary<T | U> {
  return fc.oneof({ arbitrary: fc.constant(otherwise as U), weight: oneIn - 1 }, { arbitrary, weight: 1 });
}

interface SchemaDescription {
  type?: string;
  optional?: boolean;
  nullable?: boolean;
  oneOf?: unknown[];
  tests?: { name?: string; params?: Record<string, unknown> }[];
  fields?: Record<string, SchemaDescription>;
  innerType?: SchemaDescription;
}

/** Values the product's custom yup tests accept (the generator cannot invert a test function). */
const CUSTOM_VALID: Record<string, fc.Arbitrary<unknown>> = {
  email: fc.constantFrom('maya@example.com', 'a.b+c@school.example.org'),
  month: fc.constantFrom('2026-09', '2027-01'),
  timezone: fc.constantFrom('America/Chicago', 'America/New_York', 'UTC'),
  password: fc.constantFrom('Tangerine-Kayak-41!', 'correct horse battery staple 9'),
  'user-name': fc.stringMatching(/^[a-z][a-z0-9]{5,15}$/),
  comments: fc.string({ minLength: 1, maxLength: 200 }),
};

/**
 * A generator driven by a yup schema's describe(): values the schema mostly accepts (so cases
 * reach the handler), each leaf replaced by a hostile value of any type now and then.
 */
export function fromSchema(description: SchemaDescription | undefined, hostility = 6): fc.Arbitrary<unknown> {
  if (!description) return hostileJson;
  const valid = validFrom(description, hostility);
  const leaf = description.type !== 'object' && description.type !== 'array';
  if (!leaf) return valid;
  return fc.oneof(
    { arbitrary: valid, weight: 2 * hostility },
    { arbitrary: valueFor(description.type), weight: 2 },
    // an otherwise valid text with a control character in it (PostgreSQL refuses U+0000 in text)
    { arbitrary: valid.chain((value) => (typeof value === 'string' ? fc.constantFrom(`${value}\u0000`, `\u0000${value}`, `${value}\u0007`) : fc.constant(value))), weight: 1 },
  );
}

function validFrom(d: SchemaDescription, hostility: number): fc.Arbitrary<unknown> {
  const tests = new Map((d.tests ?? []).map((test) => [test.name ?? '', test.params ?? {}]));
  const oneOf = (d.oneOf ?? []).filter((value) => value !== undefined);
  if (oneOf.length > 0) return fc.constantFrom(...oneOf);
  for (const [name, arbitrary] of Object.entries(CUSTOM_VALID)) if (tests.has(name)) return arbitrary;
  switch (d.type) {
    case 'object': {
      const fields = Object.entries(d.fields ?? {});
      if (fields.length === 0) return fc.dictionary(fc.string({ maxLength: 10 }), hostileJson, { maxKeys: 3 });
      return fc.record(Object.fromEntries(fields.map(([name, field]) => [name, fromSchema(field, hostility)])), {
        requiredKeys: fields.filter(([, field]) => field.optional === false).map(([name]) => name),
      });
    }
    case 'array':
      return fc.array(fromSchema(d.innerType, hostility), { maxLength: 4 });
    case 'number': {
      const min = typeof tests.get('min')?.min === 'number' ? (tests.get('min')?.min as number) : -1e6;
      const max = typeof tests.get('max')?.max === 'number' ? (tests.get('max')?.max as number) : 1e6;
      return tests.has('integer') ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) }) : fc.double({ min, max, noNaN: true });
    }
    case 'boolean':
      return fc.boolean();
    case 'string': {
      const regex = tests.get('matches')?.regex;
      // a negated class ([^…]) makes fast-check filter characters one by one: slow, and any text fits it anyway
      if (regex instanceof RegExp && !regex.source.includes('[^')) return fc.stringMatching(regex, { size: 'xsmall' });
      const min = typeof tests.get('min')?.min === 'number' ? (tests.get('min')?.min as number) : tests.has('required') ? 1 : 0;
      const max = typeof tests.get('max')?.max === 'number' ? (tests.get('max')?.max as number) : 60;
      return fc.string({ minLength: min, maxLength: Math.min(max, 60) });
    }
    default:
      return hostileJson;
  }
}
