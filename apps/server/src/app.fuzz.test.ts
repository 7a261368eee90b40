import { deflateSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHOTO_MAX_BYTES, SOLD_CURRENCIES } from '@app/shared';
import { buildMember, buildPhoto, setCredits } from '../test/factories.js';
import { XHR, buildTestApp, loginCookie, type TestApp } from '../test/helpers.js';
import { staffSession } from '../test/staff.js';

/**
 * Drives every operation of the OpenAPI document with generated bad input, as a logged-in member
 * who also holds an admin's console session: wrong types, NUL and lone surrogates, huge strings
 * and numbers, odd ids, malformed JSON and multipart. No answer may be a 5xx, every refusal must
 * be in the error contract, and a refused request must not change the database.
 */

/** Not fuzzed, and why. */
const SKIPPED: Record<string, string> = {
  'GET /api/live': 'WebSocket upgrade, not a request/response call',
  'GET /api/docs': 'the OpenAPI document and its viewer',
};

/**
 * Calls hidden from the document but reachable: fuzzed too, with their inputs described the
 * way the document describes the others.
 */
const HIDDEN_OPERATIONS: Operation[] = [
  { method: 'GET', path: '/api/unsubscribe.php', query: [{ name: 'token', schema: { type: 'string' } }], page: true },
  { method: 'POST', path: '/api/unsubscribe.php', query: [{ name: 'token', schema: { type: 'string' } }], page: true },
  { method: 'GET', path: '/demo-checkout/{id}', query: [], pathParams: ['id'], page: true },
  {
    method: 'POST',
    path: '/demo-checkout/{id}',
    query: [],
    pathParams: ['id'],
    body: { type: 'object', properties: { outcome: { type: 'string', enum: ['paid', 'failed', 'canceled'] } } },
    page: true,
  },
];

/** Members and things the valid-looking bodies below point at. */
interface World {
  memberEmail: string;
  partnerId: number;
  conversationId: number;
}

/**
 * Bodies that pass validation, for operations whose schema alone does not tell a valid value
 * (formats checked by refinements, e-mail addresses, IBANs): each bad value then goes into an
 * otherwise valid request, so it is the one thing that can reach the service and the database.
 */
const VALID_BODIES: Record<string, (w: World) => object> = {
  'POST /api/signup.php': () => ({
    email: 'fuzz-signup@example.test',
    password: 'fuzz-password',
    name: 'Fuzzy',
    date_of_birth: '1990-05-17',
    gender: 'male',
    sexuality: 'hetero',
    country: 'NL',
    terms: true,
    language: 'nl',
  }),
  'POST /api/user.php': (w) => ({ email: w.memberEmail, password: 'fuzz-password' }),
  'DELETE /api/user.php': () => ({ endpoint: 'https://fcm.googleapis.com/fcm/send/fuzz' }),
  'POST /api/password-reset.php': () => ({ email: 'fuzz@example.test' }),
  'POST /api/reactivation.php': () => ({ email: 'fuzz@example.test' }),
  'POST /api/email-change.php': () => ({ email: 'fuzz-new@example.test', password: 'fuzz-password' }),
  'POST /api/complaint.php': () => ({
    name: 'Fuzzy',
    email: 'fuzz@example.test',
    topic: 'member',
    message: 'A complaint long enough to be read.',
  }),
  'POST /api/block.php': (w) => ({ id: w.partnerId }),
  'DELETE /api/block.php': (w) => ({ id: w.partnerId }),
  'POST /api/like.php': (w) => ({ id: w.partnerId }),
  'DELETE /api/like.php': (w) => ({ id: w.partnerId }),
  'POST /api/swipe.php': (w) => ({ id: w.partnerId, action: 'pass' }),
  'POST /api/message.php': (w) => ({ conversation_id: w.conversationId, body: 'Hallo' }),
  'POST /api/gift.php': (w) => ({ member_id: w.partnerId, gift: 'rose' }),
  'POST /api/report.php': (w) => ({ profile_id: w.partnerId, reason: 'fake' }),
  'POST /api/directdebit.php': () => ({
    bundle_id: 1,
    terms: true,
    account_holder: 'F. Uzzy',
    iban: 'NL91ABNA0417164300',
    street: 'Straat',
    house_number: '1',
    zip: '1234AB',
    city: 'Amsterdam',
    phone: '0612345678',
  }),
  'POST /api/admin/case.php': () => ({ kind: 'report', id: 1, note: 'Looked at it.' }),
  'POST /api/admin/bundle.php': () => bundleBody(),
  'PUT /api/admin/bundle.php': () => ({ ...bundleBody(), id: 1 }),
  'POST /api/admin/gift.php': () => giftBody(),
  'PUT /api/admin/gift.php': () => giftBody(),
  'PUT /api/admin/company.php': () => ({
    id: 1,
    name: 'Fuzz BV',
    address: 'Straat 1',
    kvk: '12345678',
    city: 'Amsterdam',
    country: 'Nederland',
    tradenames: [],
    vat_numbers: [],
    support_phone: '+31201234567',
    delete_discount: 10,
  }),
  'POST /api/admin/site-profile.php': () => ({
    name: 'Fuzzy',
    gender: 'female',
    sexuality: 'hetero',
    birth_date: '1990-05-17',
    country: 'NL',
    domain: 'localhost',
  }),
};

function bundleBody() {
  const prices = Object.fromEntries(SOLD_CURRENCIES.map((c) => [c, 1000]));
  return { tier: 'p0', credits: 10, popular: false, position: 1, active: true, prices };
}

function giftBody() {
  return { key: 'fuzzgift', name: 'Fuzz', image: '/gifts/rose.svg', credits: 5, position: 1, active: true };
}

/** The text fields an upload takes besides its file (the document does not describe multipart bodies). */
const MULTIPART_FIELDS: Record<string, string[]> = {
  '/api/message-image.php': ['member_id', 'conversation_id'],
};

/** The total time the generated runs may take, on a loaded two-core machine. */
const BUDGET_MS = 60_000;
const RUNS_PER_OPERATION = 100;

/**
 * Tables a refused request may change by design: failed logins are counted (login_attempts),
 * and the first one creates the signing key of the login-device cookie (app_secrets).
 */
const CHANGES_ALLOWED_ON_REFUSAL = new Set(['login_attempts', 'app_secrets']);

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  format?: string;
  pattern?: string;
  default?: unknown;
  additionalProperties?: JsonSchema | boolean;
}

interface Operation {
  method: string;
  path: string;
  query: Array<{ name: string; schema: JsonSchema }>;
  pathParams?: string[];
  body?: JsonSchema;
  multipart?: boolean;
  /** Answers an HTML page (a mail link's target), not the API's JSON: no error contract. */
  page?: boolean;
}

interface FuzzRequest {
  url: string;
  contentType?: string;
  payload?: string | Buffer;
  /** What was done to the input, for the failure message. */
  note: string;
}

/** A JSON value written as raw text (numbers JSON.stringify cannot write: 1e400, 2^63). */
class Raw {
  constructor(readonly text: string) {}
}

function toJson(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, v: unknown) => {
    if (v instanceof Raw) {
      raws.push(v.text);
      return `\u0001RAW${raws.length - 1}\u0001`;
    }
    return v;
  });
  return text.replace(/"\\u0001RAW(\d+)\\u0001"/g, (_m, i: string) => raws[Number(i)]!);
}

const deepArray = (depth: number) => new Raw('['.repeat(depth) + ']'.repeat(depth));

/** Bad values for any field of a JSON body. */
const BAD_JSON_VALUES: unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53,
  new Raw('9223372036854775808'),
  new Raw('1e400'),
  new Raw('-1e400'),
  '',
  ' ',
  '7',
  ' 7 ',
  '0x7',
  '1e3',
  '9'.repeat(20),
  [7],
  [],
  {},
  { '\u0000': 1 },
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  'x'.repeat(100_000),
  '2021-02-30',
  "'; select pg_sleep(1); --",
  deepArray(2_000),
];

/** Bad texts for a query-string or path value, already URL-encoded. */
const BAD_URL_VALUES: string[] = [
  '%00',
  'a%00b',
  '%ED%A0%80',
  '%C3',
  '%FF',
  '2147483648',
  '9'.repeat(20),
  '-1',
  '0',
  '0x7',
  '%2B7',
  '%207%20',
  '7.5',
  '1e3',
  'true',
  '',
  'x'.repeat(10_000),
  '%27%3B--',
];

/** Whole bodies that are not the JSON a route reads. */
const BAD_JSON_TEXTS: Array<{ contentType: string; payload: string | Buffer }> = [
  { contentType: 'application/json', payload: '' },
  { contentType: 'application/json', payload: '{' },
  { contentType: 'application/json', payload: '{"a":' },
  { contentType: 'application/json', payload: 'null' },
  { contentType: 'application/json', payload: '[]' },
  { contentType: 'application/json', payload: '"text"' },
  { contentType: 'application/json', payload: '1e400' },
  { contentType: 'application/json', payload: '{"a":1}x' },
  { contentType: 'application/json', payload: '{"\\u0000":"\\u0000"}' },
  { contentType: 'application/json', payload: '{"__proto__":{"admin":true}}' },
  { contentType: 'application/json', payload: '{"constructor":{"prototype":{"admin":true}}}' },
  { contentType: 'application/json', payload: '['.repeat(100_000) + ']'.repeat(100_000) },
  { contentType: 'application/json', payload: Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]) },
  { contentType: 'application/json; charset=utf-16', payload: '{}' },
  { contentType: 'text/plain', payload: '{}' },
  { contentType: 'application/x-www-form-urlencoded', payload: 'a=1&id=7' },
  { contentType: 'multipart/form-data', payload: '--x\r\n' },
];

function crc32(data: Buffer): number {
  let c = ~0;
  for (const byte of data) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A small PNG that declares a canvas of width x height (a decompression bomb at 20000 x 20000). */
function pngOfSize(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  const rows = Buffer.alloc(Math.min(height, 64) * (width + 1));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

const BOUNDARY = 'fuzzboundary';

function multipartBody(parts: Array<{ name: string; value: string | Buffer; file?: boolean }>, end = true): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = part.file
      ? `form-data; name="${part.name}"; filename="a.png"\r\nContent-Type: image/png`
      : `form-data; name="${part.name}"`;
    chunks.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n\r\n`));
    chunks.push(Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value));
    chunks.push(Buffer.from('\r\n'));
  }
  if (end) chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}

const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`;

/** Bad multipart uploads; `fields` are the operation's own text fields (member_id, ...). */
function badUploads(fields: string[]): fc.Arbitrary<Omit<FuzzRequest, 'url'>> {
  const bomb = pngOfSize(20_000, 20_000);
  const garbage = Buffer.from('not an image at all, just text');
  const field = fc.constantFrom(...(fields.length ? fields : ['member_id']));
  const fixed: Array<Omit<FuzzRequest, 'url'>> = [
    {
      contentType: 'multipart/form-data',
      payload: multipartBody([{ name: 'file', value: bomb, file: true }]),
      note: 'no boundary',
    },
    {
      contentType: MULTIPART,
      payload: multipartBody([{ name: 'file', value: bomb, file: true }]).subarray(0, 120),
      note: 'cut short',
    },
    {
      contentType: MULTIPART,
      payload: multipartBody([{ name: 'file', value: bomb, file: true }], false),
      note: 'no end',
    },
    { contentType: MULTIPART, payload: Buffer.alloc(0), note: 'empty' },
    {
      contentType: 'multipart/form-data; boundary=other',
      payload: multipartBody([{ name: 'file', value: bomb, file: true }]),
      note: 'other boundary',
    },
    {
      contentType: MULTIPART,
      payload: multipartBody([{ name: 'file', value: bomb, file: true }]),
      note: 'bomb 20000x20000',
    },
    {
      contentType: MULTIPART,
      payload: multipartBody([{ name: 'file', value: garbage, file: true }]),
      note: 'not an image',
    },
    {
      contentType: MULTIPART,
      payload: multipartBody([{ name: 'other', value: garbage, file: true }]),
      note: 'file in another field',
    },
    {
      contentType: MULTIPART,
      payload: multipartBody([
        { name: 'file', value: bomb, file: true },
        { name: 'file', value: bomb, file: true },
      ]),
      note: 'two files',
    },
    {
      contentType: MULTIPART,
      payload: multipartBody(Array.from({ length: 30 }, (_v, i) => ({ name: `f${i}`, value: '1' }))),
      note: 'too many fields',
    },
    {
      contentType: MULTIPART,
      payload: multipartBody([
        { name: 'member_id', value: '1'.repeat(5_000) },
        { name: 'file', value: bomb, file: true },
      ]),
      note: 'field over its size',
    },
  ];
  const badField = fc
    .tuple(field, fc.constantFrom(...BAD_URL_VALUES.map((v) => safeDecode(v))))
    .map(([name, value]) => ({
      contentType: MULTIPART,
      payload: multipartBody([
        { name, value },
        { name: 'file', value: bomb, file: true },
      ]),
      note: `field ${name}=${JSON.stringify(value.slice(0, 40))}`,
    }));
  return fc.oneof(fc.constantFrom(...fixed), badField);
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return '\u0000';
  }
}

function firstOf(schema: JsonSchema): JsonSchema {
  const options = schema.anyOf ?? schema.oneOf;
  if (options) return firstOf(options.find((o) => o.type !== 'null') ?? options[0]!);
  if (schema.allOf?.length) return firstOf(schema.allOf[0]!);
  return schema;
}

const KNOWN_PATTERNS: string[] = ['1990-05-17', 'localhost', 'NL', 'nl', 'AB12', '123456', 'a@example.test'];

/** A plausible, often valid value of a schema: required properties only, the smallest valid sizes. */
function sample(schema: JsonSchema): unknown {
  const s = firstOf(schema);
  if (s.const !== undefined) return s.const;
  if (s.enum) return s.enum[0];
  if (s.default !== undefined) return s.default;
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const name of s.required ?? []) out[name] = sample(s.properties?.[name] ?? {});
      return out;
    }
    case 'array':
      return Array.from({ length: s.minItems ?? 0 }, () => sample(s.items ?? {}));
    case 'integer':
    case 'number':
      return Math.max(s.minimum ?? 1, (s.exclusiveMinimum ?? 0) + 1);
    case 'boolean':
      return true;
    case 'string': {
      if (s.format === 'email') return 'fuzz@example.test';
      if (s.pattern) {
        const re = new RegExp(s.pattern);
        const known = KNOWN_PATTERNS.find((k) => re.test(k));
        if (known) return known;
      }
      return 'abcdefgh'.padEnd(s.minLength ?? 0, 'x').slice(0, Math.max(s.maxLength ?? 8, 1));
    }
    default:
      return 'x';
  }
}

/** Every place in a body a bad value can go: [] is the body itself. */
function fieldPaths(schema: JsonSchema, prefix: string[] = [], depth = 0): string[][] {
  const s = firstOf(schema);
  const paths = [prefix];
  if (depth > 3) return paths;
  for (const [name, child] of Object.entries(s.properties ?? {}))
    paths.push(...fieldPaths(child, [...prefix, name], depth + 1));
  if (s.items) paths.push(...fieldPaths(s.items, [...prefix, '0'], depth + 1));
  return paths;
}

/** The body with the value at `path` replaced (objects and arrays on the way are created). */
function withValue(body: unknown, path: string[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path as [string, ...string[]];
  const base: Record<string, unknown> | unknown[] =
    body && typeof body === 'object' ? (Array.isArray(body) ? [...body] : { ...body }) : /^\d+$/.test(head) ? [] : {};
  (base as Record<string, unknown>)[head] = withValue((base as Record<string, unknown>)[head], rest, value);
  return base;
}

function pathFor(op: Operation, values: Record<string, string> = {}): string {
  return op.path.replace(/\{(\w+)\}/g, (_m, name: string) => values[name] ?? '1');
}

function queryFor(op: Operation, bad?: { name: string; value: string; repeat: boolean }): string {
  const pairs: string[] = [];
  for (const { name, schema } of op.query) {
    if (bad?.name === name) {
      pairs.push(`${encodeURIComponent(name)}=${bad.value}`);
      if (bad.repeat) pairs.push(`${encodeURIComponent(name)}=${bad.value}`);
    } else if (name === 'push') {
      pairs.push('push=1');
    } else if (schema.enum) {
      pairs.push(`${encodeURIComponent(name)}=${encodeURIComponent(String(schema.enum[0]))}`);
    }
  }
  return pairs.length ? `?${pairs.join('&')}` : '';
}

/** The generated requests of one operation. */
function requestsFor(op: Operation, world: World): fc.Arbitrary<FuzzRequest> {
  const choices: Array<fc.Arbitrary<FuzzRequest>> = [];
  const base = pathFor(op);
  if (op.query.length) {
    choices.push(
      fc
        .record({
          name: fc.constantFrom(...op.query.map((q) => q.name)),
          value: fc.constantFrom(...BAD_URL_VALUES),
          repeat: fc.boolean(),
        })
        .map((bad) => ({ url: base + queryFor(op, bad), note: `query ${bad.name}=${bad.value.slice(0, 40)}` })),
    );
  }
  for (const name of op.pathParams ?? []) {
    choices.push(
      fc.constantFrom(...BAD_URL_VALUES.filter((v) => v !== '')).map((value) => ({
        url: pathFor(op, { [name]: value }) + queryFor(op),
        note: `path ${name}=${value.slice(0, 40)}`,
      })),
    );
  }
  if (op.body) {
    const body = op.body;
    const valid = VALID_BODIES[`${op.method} ${op.path}`];
    const baseline = valid ? valid(world) : sample(body);
    choices.push(
      fc
        .record({
          path: fc.constantFrom(...fieldPaths(body)),
          value: fc.constantFrom(...BAD_JSON_VALUES),
          extraKey: fc.boolean(),
        })
        .map(({ path, value, extraKey }) => {
          let input = withValue(baseline, path, value);
          if (extraKey && input && typeof input === 'object' && !Array.isArray(input)) {
            input = { ...input, 'x\u0000': '\ud800' };
          }
          return {
            url: base + queryFor(op),
            contentType: 'application/json',
            payload: toJson(input),
            note: `body ${path.join('.') || '(whole)'} = ${toJson(value).slice(0, 60)}${extraKey ? ' (+ NUL key)' : ''}`,
          };
        }),
    );
    choices.push(
      fc.constantFrom(...BAD_JSON_TEXTS).map((t) => ({ url: base + queryFor(op), ...t, note: 'malformed body' })),
    );
  }
  if (op.multipart) {
    const fields = MULTIPART_FIELDS[op.path] ?? [];
    choices.push(badUploads(fields).map((u) => ({ url: base + queryFor(op), ...u })));
  }
  if (!choices.length) {
    // No declared input: stray query parameters and a body it never reads.
    choices.push(
      fc
        .constantFrom(...BAD_URL_VALUES)
        .map((value) => ({ url: `${base}?id=${value}&q=${value}`, note: `stray query ${value.slice(0, 40)}` })),
    );
    if (op.method !== 'GET') {
      choices.push(fc.constantFrom(...BAD_JSON_TEXTS).map((t) => ({ url: base, ...t, note: 'stray body' })));
    }
  }
  return fc.oneof(...choices);
}

/** The operations of the OpenAPI document, with their query parameters and JSON body schemas. */
function operationsOf(doc: {
  paths: Record<
    string,
    Record<
      string,
      {
        summary?: string;
        parameters?: Array<{ in: string; name: string; schema: JsonSchema }>;
        requestBody?: { content?: Record<string, { schema: JsonSchema }> };
      }
    >
  >;
}): Operation[] {
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const params = op.parameters ?? [];
      ops.push({
        method: method.toUpperCase(),
        path,
        query: params.filter((p) => p.in === 'query').map((p) => ({ name: p.name, schema: p.schema })),
        pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
        body: op.requestBody?.content?.['application/json']?.schema,
        multipart: /multipart\/form-data/.test(op.summary ?? ''),
      });
    }
  }
  return ops;
}

describe('every operation, fuzzed with bad input', () => {
  let t: TestApp;
  let cookie = '';
  const world: World = { memberEmail: '', partnerId: 0, conversationId: 0 };
  let requests = 0;

  async function freshMember(): Promise<void> {
    const { member } = await buildMember(t.db, { member: { credits: 1_000 } });
    const { member: partner } = await buildMember(t.db, { member: { credits: 100 } });
    await buildPhoto(t.db, member.id);
    await buildPhoto(t.db, partner.id);
    await setCredits(t.db, member.id, 1_000);
    const memberCookie = await loginCookie(t.db, member.id);
    const partnerCookie = await loginCookie(t.db, partner.id);
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/message.php',
      headers: { ...XHR, cookie: memberCookie },
      payload: { member_id: partner.id, body: 'Hallo' },
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/message.php',
      headers: { ...XHR, cookie: partnerCookie },
      payload: { member_id: member.id, body: 'Hoi' },
    });
    world.memberEmail = member.email;
    world.partnerId = partner.id;
    world.conversationId = (sent.json() as { message: { conversation_id: number } }).message.conversation_id;
    const staff = await staffSession(t, 'admin');
    cookie = `${memberCookie}; ${staff.cookie}`;
  }

  /** The member and console sessions still work (an accepted call may have ended either). */
  async function sessionsAlive(): Promise<boolean> {
    const [user, me] = await Promise.all([
      t.app.inject({ method: 'GET', url: '/api/user.php', headers: { cookie } }),
      t.app.inject({ method: 'GET', url: '/api/admin/me.php', headers: { cookie } }),
    ]);
    return user.statusCode === 200 && user.json().user !== null && me.statusCode === 200;
  }

  async function changes(): Promise<Array<{ tbl: string; op: string }>> {
    const result = await t.db.execute(sql`DELETE FROM fuzz_changes RETURNING tbl, op`);
    return (result as unknown as { rows: Array<{ tbl: string; op: string }> }).rows;
  }

  beforeAll(async () => {
    t = await buildTestApp({ rateLimitScale: 100_000 });
    const tables = await t.db.execute(sql`SELECT tablename FROM pg_tables WHERE schemaname = 'public'`);
    // Every row written is noted by a trigger, so telling whether a request changed anything is
    // one small DELETE ... RETURNING instead of hashing the tables around each request.
    await t.db.execute(sql`CREATE TABLE fuzz_changes (tbl text NOT NULL, op text NOT NULL)`);
    await t.db.execute(
      sql.raw(`
      CREATE FUNCTION fuzz_note() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'UPDATE' AND to_jsonb(NEW) = to_jsonb(OLD) THEN RETURN NULL; END IF;
        INSERT INTO fuzz_changes VALUES (TG_TABLE_NAME, TG_OP);
        RETURN NULL;
      END $$`),
    );
    for (const { tablename } of (tables as unknown as { rows: Array<{ tablename: string }> }).rows) {
      await t.db.execute(
        sql.raw(
          `CREATE TRIGGER fuzz_note AFTER INSERT OR UPDATE OR DELETE ON "${tablename}" FOR EACH ROW EXECUTE FUNCTION fuzz_note()`,
        ),
      );
    }
    await freshMember();
  });

  afterAll(async () => {
    await t?.close();
  });

  it('answers no 5xx, refuses in the error contract and changes nothing when it refuses', async ({ annotate }) => {
    const doc = t.app.swagger() as Parameters<typeof operationsOf>[0];
    const operations = [...operationsOf(doc), ...HIDDEN_OPERATIONS].filter(
      (op) => !Object.keys(SKIPPED).some((skip) => `${op.method} ${op.path}`.startsWith(skip)),
    );
    const failures = new Set<string>();
    const statuses: Record<number, number> = {};
    const started = Date.now();

    for (const [index, op] of operations.entries()) {
      if (!(await sessionsAlive())) await freshMember();
      await changes();
      const left = BUDGET_MS - (Date.now() - started);
      // The budget is checked before each request rather than by fast-check's time limits, which
      // either abandon a request mid-flight (its writes would land during the next operation) or
      // fail the property for the runs they skip.
      const deadline = Date.now() + Math.max(200, left / (operations.length - index));
      await fc.assert(
        fc.asyncProperty(requestsFor(op, world), async (input) => {
          if (Date.now() > deadline) return;
          const res = await t.app.inject({
            method: op.method as 'GET',
            url: input.url,
            headers: { ...XHR, cookie, ...(input.contentType ? { 'content-type': input.contentType } : {}) },
            ...(input.payload !== undefined ? { payload: input.payload } : {}),
          });
          requests += 1;
          statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
          const where = `${op.method} ${input.url.slice(0, 200)} ${input.contentType ?? ''} [${input.note}]`;
          if (res.statusCode < 400 && op.method !== 'GET') {
            // An accepted change may go on after its answer (bus events, mails): let it land now.
            await new Promise((resolve) => setTimeout(resolve, 10));
          }
          const changed = await changes();
          if (res.statusCode >= 500) failures.add(`${res.statusCode} from ${where}: ${res.body.slice(0, 200)}`);
          else if (res.statusCode >= 400) {
            const body = (/json/.test(String(res.headers['content-type'])) ? res.json() : {}) as {
              error?: unknown;
              message?: unknown;
            };
            if (!op.page && (typeof body.error !== 'string' || typeof body.message !== 'string')) {
              failures.add(`${res.statusCode} outside the error contract from ${where}: ${res.body.slice(0, 200)}`);
            }
            const unexpected = changed.filter((c) => !CHANGES_ALLOWED_ON_REFUSAL.has(c.tbl));
            if (unexpected.length) {
              failures.add(
                `${res.statusCode} ${String(body.error)} from ${where} changed ${unexpected.map((c) => `${c.op} ${c.tbl}`).join(', ')}`,
              );
            }
          }
        }),
        { numRuns: RUNS_PER_OPERATION, seed: 17 },
      );
    }
    const fivexx = Object.entries(statuses).reduce((n, [status, count]) => (Number(status) >= 500 ? n + count : n), 0);
    await annotate(
      `fuzzed ${requests} requests over ${operations.length} operations in ${Date.now() - started} ms: ${fivexx} answered 5xx; by status ${JSON.stringify(statuses)}`,
    );
    expect([...failures]).toEqual([]);
  }, 180_000);

  it('sends a body over the size limit to every upload and gets 413', async () => {
    const big = multipartBody([{ name: 'file', value: Buffer.alloc(PHOTO_MAX_BYTES + 1024, 1), file: true }]);
    for (const url of ['/api/photos.php', '/api/message-image.php', '/api/admin/site-profile-photo.php?id=1']) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { ...XHR, cookie, 'content-type': MULTIPART },
        payload: big,
      });
      expect(res.statusCode, url).toBe(413);
      expect(res.json(), url).toMatchObject({ error: expect.any(String), message: expect.any(String) });
    }
  });
});
