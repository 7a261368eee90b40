import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ANSWERS_CHANNEL, AnswersStaleEventSchema, publishEvent } from '../platform/bus/events.js';
import type { Bus } from '../platform/bus/index.js';
import { answerEncoding, encodeAnswer, varyOnEncoding, type AnswerEncoding } from './compression.js';
import { isNotModified } from './http-cache.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A member answer remembered per member and URL (user.php, chats.php, likes.php, the search):
     * the whole answer is kept with its ETag, an If-None-Match naming the tag is answered 304
     * before the handler runs, and any other GET of its member gets the kept answer. With
     * `servedForMs` (the search) it is kept for at most that long.
     */
    memberAnswer?: true | MemberAnswerKept;
  }
}

/**
 * A shorter life for answers that members can enter without any announcement naming the list's
 * viewers (the search, ordered by activity: a member active again moves up in pages that do not
 * show them yet), so the age bounds how late such an entry shows. Whatever takes a member out of
 * a list (a block, invisibility, a ban, a deletion) is announced and forgets the answer at once,
 * as for every remembered answer.
 */
export interface MemberAnswerKept {
  servedForMs: number;
}

/**
 * How long a remembered answer lives at most. Only a safety net (a change made outside the app,
 * an announcement lost while Redis was unreachable): writes announce what they change, and time
 * expires an answer at the first moment a value it shows could change.
 */
const ANSWER_TTL_MS = 10 * 60_000;
/** Tags are ~100 bytes with their keys; 50,000 answers are a few MB. */
const MAX_ANSWERS = 50_000;
/**
 * Kept answers' bytes, every encoding counted (a search page is 5-10 KB of JSON, a chat list
 * about 9 KB and 2 KB in Brotli): beyond this the least recently used go.
 */
const MAX_KEPT_BYTES = 32 * 1024 * 1024;

/** What one answer being built showed, collected while its handler runs. */
interface AnswerScope {
  /** The stale-announcement count when the answer began: a later one may not be in it. */
  epoch: number;
  shown: Set<number>;
  /** Earliest moment (ms) a time-derived value shown (presence, age) changes. */
  changesAt: number;
}

/** A remembered answer as the hooks see it. */
export interface RememberedAnswer {
  /** Owner and key: which member's answer at which URL. */
  readonly id: string;
  readonly etag: string;
  /** The serialized answer's UTF-8 bytes; null when only the tag is known (a built 304). */
  readonly body: Buffer | null;
}

/** A remembered answer whose body is kept. */
export type KeptAnswer = RememberedAnswer & { readonly body: Buffer };

export const isKeptAnswer = (answer: RememberedAnswer): answer is KeptAnswer => answer.body !== null;

interface Remembered extends RememberedAnswer {
  owner: number;
  shown: readonly number[];
  expiresAt: number;
  /** The body compressed, each encoding made when first asked for. */
  encoded: Partial<Record<Exclude<AnswerEncoding, 'identity'>, Buffer>>;
  /** What this entry counts against MAX_KEPT_BYTES. */
  bytes: number;
}

const building = new AsyncLocalStorage<AnswerScope>();

/**
 * Called by whatever presents another member in an answer (the member card): the answer now
 * shows that member, as it stands until `changesAt()` (null: nothing shown changes with time).
 * Outside a remembered answer it does nothing, and `changesAt` is not called.
 */
export function answerShows(memberId: number, changesAt: () => Date | null): void {
  const scope = building.getStore();
  if (!scope) return;
  scope.shown.add(memberId);
  const at = changesAt();
  if (at) scope.changesAt = Math.min(scope.changesAt, at.getTime());
}

export interface MemberAnswersDeps {
  bus: Bus;
  log: FastifyBaseLogger;
  now?: () => Date;
  /** The bound of kept answers' bytes; tests lower it. */
  maxKeptBytes?: number;
}

/** Members' answers kept in this process with their ETags, kept in step across processes. */
export type MemberAnswers = ReturnType<typeof createMemberAnswers>;

/**
 * The one home of "these members' answers are stale". Each process remembers, per member and
 * URL, the last answer it built with its ETag, and which other members that answer showed.
 * A write that changes what an answer shows calls `stale` with every member it touched after it
 * committed: this process forgets their answers and the answers showing them at once, every
 * other process through the bus. A change that can bring a member back into others' lists
 * (visibility, an unblock, a console edit) calls `staleEverywhere`, since no answer shows that
 * member yet.
 */
export function createMemberAnswers(deps: MemberAnswersDeps) {
  const now = deps.now ?? (() => new Date());
  const maxKeptBytes = deps.maxKeptBytes ?? MAX_KEPT_BYTES;
  /** In least-recently-used order: a hit moves its entry to the end. */
  const entries = new Map<string, Remembered>();
  /** Member id → ids of the entries they own or are shown in. */
  const involving = new Map<number, Set<string>>();
  /** The entries with a body, in least-recently-used order, and their bytes. */
  const kept = new Map<string, Remembered>();
  let keptBytes = 0;
  let epoch = 0;

  const entryId = (owner: number, key: string) => `${owner} ${key}`;

  function link(memberId: number, id: string): void {
    let set = involving.get(memberId);
    if (!set) involving.set(memberId, (set = new Set()));
    set.add(id);
  }

  function unlink(memberId: number, id: string): void {
    const set = involving.get(memberId);
    if (!set) return;
    set.delete(id);
    if (set.size === 0) involving.delete(memberId);
  }

  function drop(entry: Remembered): void {
    entries.delete(entry.id);
    if (kept.delete(entry.id)) keptBytes -= entry.bytes;
    unlink(entry.owner, entry.id);
    for (const shown of entry.shown) unlink(shown, entry.id);
  }

  function forget(memberIds: readonly number[] | null): void {
    epoch += 1;
    if (memberIds === null) {
      entries.clear();
      involving.clear();
      kept.clear();
      keptBytes = 0;
      return;
    }
    for (const memberId of memberIds) {
      const ids = involving.get(memberId);
      if (!ids) continue;
      for (const id of [...ids]) {
        const entry = entries.get(id);
        if (entry) drop(entry);
      }
      involving.delete(memberId);
    }
  }

  /** Counts `bytes` more for a kept entry, then lets the least recently used go past the bound. */
  function count(entry: Remembered, bytes: number): void {
    entry.bytes += bytes;
    keptBytes += bytes;
    for (const oldest of kept.values()) {
      if (keptBytes <= maxKeptBytes) break;
      drop(oldest);
    }
  }

  async function announce(memberIds: number[] | null): Promise<void> {
    forget(memberIds);
    await publishEvent(deps.bus, ANSWERS_CHANNEL, { type: 'answers_stale', member_ids: memberIds }).catch(
      (err: unknown) => deps.log.error({ err }, 'announcing stale answers failed'),
    );
  }

  return {
    /** The member's answer at `key` as remembered, or null (none, or expired). */
    remembered(owner: number, key: string): RememberedAnswer | null {
      const id = entryId(owner, key);
      const entry = entries.get(id);
      if (!entry) return null;
      if (entry.expiresAt <= now().getTime()) {
        drop(entry);
        return null;
      }
      entries.delete(id);
      entries.set(id, entry);
      if (kept.delete(id)) kept.set(id, entry);
      return entry;
    },

    /**
     * A kept answer's body in `encoding`, compressed on first use and kept beside it while the
     * answer is (an answer forgotten meanwhile is compressed for this request only).
     */
    encoded(answer: KeptAnswer, encoding: Exclude<AnswerEncoding, 'identity'>): Buffer {
      const entry = kept.get(answer.id);
      const known = entry?.encoded[encoding];
      if (known) return known;
      const bytes = encodeAnswer(answer.body, encoding);
      if (entry === answer) {
        entry.encoded[encoding] = bytes;
        count(entry, bytes.length);
      }
      return bytes;
    },

    /** Opens what `answerShows` fills while an answer is built. */
    begin(): AnswerScope {
      return { epoch, shown: new Set(), changesAt: Number.POSITIVE_INFINITY };
    },

    /** Runs `fn` with the scope current, so the cards presented inside note themselves in it. */
    within(scope: AnswerScope, fn: () => void): void {
      building.run(scope, fn);
    },

    /**
     * Remembers a built answer's tag, and with `body` the answer itself (for `servedForMs` at
     * most), unless something was announced stale since it began (its reads may predate that
     * write) or a value it shows has already changed with time.
     */
    remember(
      owner: number,
      key: string,
      etag: string,
      scope: AnswerScope,
      answer?: { body: string; servedForMs?: number },
    ): void {
      if (scope.epoch !== epoch) return;
      const at = now().getTime();
      const expiresAt = Math.min(scope.changesAt, at + Math.min(answer?.servedForMs ?? ANSWER_TTL_MS, ANSWER_TTL_MS));
      if (expiresAt <= at) return;
      const id = entryId(owner, key);
      const old = entries.get(id);
      if (old) drop(old);
      const body = answer ? Buffer.from(answer.body) : null;
      const entry: Remembered = { owner, id, etag, shown: [...scope.shown], expiresAt, body, encoded: {}, bytes: 0 };
      entries.set(id, entry);
      link(owner, id);
      for (const shown of entry.shown) link(shown, id);
      if (body) {
        kept.set(id, entry);
        count(entry, body.length);
      }
      if (entries.size > MAX_ANSWERS) {
        const oldest = entries.values().next().value;
        if (oldest) drop(oldest);
      }
    },

    /** After a write committed: the answers of these members, and those showing them, are stale. */
    stale(memberIds: readonly number[]): Promise<void> {
      return announce([...new Set(memberIds)]);
    },

    /** After a write that may bring a member into lists that do not show them yet. */
    staleEverywhere(): Promise<void> {
      return announce(null);
    },

    /** Site settings changed (a site data cache): every answer may read them. */
    clearCache(): void {
      forget(null);
    },

    /** Forgets on every announcement, this process's own included; answers the unsubscribe. */
    start(): Promise<() => Promise<void>> {
      return deps.bus.subscribe(ANSWERS_CHANNEL, (event) => {
        const parsed = AnswersStaleEventSchema.safeParse(event);
        if (parsed.success) forget(parsed.data.member_ids);
      });
    },
  };
}

export interface MemberAnswersPluginOptions {
  answers: MemberAnswers;
  /** Successful writes under this prefix (the console) may change any member's answers. */
  everyoneStaleAfterWritesUnder: string;
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Member answers are answered from memory: for a route marked `memberAnswer`, a logged-in
 * member's If-None-Match naming the remembered ETag gets 304 before the handler runs, and with
 * the session remembered too (session.ts) without any query; any other GET of that member gets
 * the kept answer, until it is forgotten or expires. The tag and the body come from the same
 * built answer, so whatever makes one stale makes the other. Runs after session.ts (it needs
 * request.member) and after http-cache.ts's onSend (it remembers the tag that hook set).
 *
 * A kept answer goes out as @fastify/compress would send it (compression.ts): compressed once
 * per encoding and kept, with Content-Encoding set so the plugin leaves the bytes alone, and
 * Vary only where the plugin sets it.
 *
 * A member's own successful write makes their answers and those showing them stale, whatever it
 * was (their profile, photos, settings, a like): services announce only what a write changes for
 * other members. A successful console write makes every answer stale.
 */
export const memberAnswersPlugin = fp<MemberAnswersPluginOptions>(
  async (app, { answers, everyoneStaleAfterWritesUnder }) => {
    const scopes = new WeakMap<FastifyRequest, { key: string; scope: AnswerScope }>();

    app.addHook('onRequest', (request, reply, done) => {
      const member = request.member;
      if (request.method !== 'GET' || !member || !request.routeOptions.config.memberAnswer) {
        done();
        return;
      }
      const key = `${request.host} ${request.url}`;
      const known = answers.remembered(member.id, key);
      if (known !== null && isNotModified(request, known.etag)) {
        void reply.code(304).header('cache-control', 'no-store').header('etag', known.etag).send();
        return;
      }
      if (known !== null && isKeptAnswer(known)) {
        const encoding = answerEncoding(request, known.body.length);
        // Bytes with a JSON content type go out as they are, past the route's serializer.
        void reply
          .header('cache-control', 'no-store')
          .header('etag', known.etag)
          .type('application/json; charset=utf-8');
        if (encoding === 'identity') {
          void reply.send(known.body);
          return;
        }
        varyOnEncoding(reply);
        void reply.header('content-encoding', encoding).send(answers.encoded(known, encoding));
        return;
      }
      const scope = answers.begin();
      scopes.set(request, { key, scope });
      answers.within(scope, done);
    });

    // A callback, not a promise, but for writes: every request passes it.
    app.addHook('onSend', (request, reply, payload, done) => {
      const member = request.member;
      if (WRITE_METHODS.has(request.method)) {
        if (reply.statusCode >= 300) return done(null, payload);
        const announced = request.url.startsWith(everyoneStaleAfterWritesUnder)
          ? answers.staleEverywhere()
          : member
            ? answers.stale([member.id])
            : null;
        if (!announced) return done(null, payload);
        announced.then(() => done(null, payload), done);
        return;
      }
      const building = scopes.get(request);
      const etag = reply.getHeader('etag');
      if (member && building && typeof etag === 'string' && (reply.statusCode === 200 || reply.statusCode === 304)) {
        const config = request.routeOptions.config.memberAnswer;
        const answer =
          reply.statusCode === 200 && typeof payload === 'string'
            ? { body: payload, ...(typeof config === 'object' ? { servedForMs: config.servedForMs } : {}) }
            : undefined;
        answers.remember(member.id, building.key, etag, building.scope, answer);
      }
      done(null, payload);
    });
  },
  { name: 'member-answers', dependencies: ['session', 'http-cache'] },
);
