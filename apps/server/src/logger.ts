import pino, { type DestinationStream, type Logger } from 'pino';
import type { Config } from './config.js';

/** What a request log line says about the request: never cookies, headers or body. */
interface LoggedRequest {
  id?: string;
  method?: string;
  url?: string;
  host?: string;
}

const REDACTED = '[redacted]';

/** Routes whose next path segment is a capability: a mailed link's token, a payment's id. */
const CAPABILITY_PATHS = [/^(\/mail-change\/do\/)[^/]+/, /^(\/demo-checkout\/)[^/]+/];

/** A segment that reads like a random token on any other route: 20+ URL characters with a digit. */
const TOKEN_LIKE = /^(?=.*\d)[\w%~-]{20,}$/;

/**
 * A request's URL as the log may keep it: the path with its token-bearing segments redacted, and
 * the query's parameter names only, since any value may be a token, a code, a signature or an
 * address (reset and activation links, unsubscribe links, the live channel's query). In every
 * mode: a log is copied around more freely than the database.
 */
export function loggedUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const rawPath = queryAt === -1 ? url : url.slice(0, queryAt);
  let path = rawPath
    .split('/')
    .map((segment) => (TOKEN_LIKE.test(segment) ? REDACTED : segment))
    .join('/');
  for (const route of CAPABILITY_PATHS) path = path.replace(route, `$1${REDACTED}`);
  if (queryAt === -1) return path;
  const names = [...new Set(new URLSearchParams(url.slice(queryAt + 1)).keys())];
  return names.length === 0 ? path : `${path}?${names.map((name) => `${name}=${REDACTED}`).join('&')}`;
}

/**
 * The app's pino logger. Request lines carry the method and the redacted URL (loggedUrl), and
 * anything named like a secret is redacted should it ever be logged. `destination` is for
 * tests that read what was logged.
 */
export function createLogger(
  config: Pick<Config, 'logLevel'>,
  opts: { pretty?: boolean; destination?: DestinationStream } = {},
): Logger {
  const options = {
    level: config.logLevel,
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', '*.password', '*.passwordHash', '*.token', '*.email'],
      censor: REDACTED,
    },
    serializers: {
      req: (req: LoggedRequest) => ({
        id: req.id,
        method: req.method,
        url: req.url === undefined ? undefined : loggedUrl(req.url),
        host: req.host,
      }),
      res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
      err: pino.stdSerializers.err,
    },
    ...(opts.pretty ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss' } } } : {}),
  };
  return opts.destination ? pino(options, opts.destination) : pino(options);
}
