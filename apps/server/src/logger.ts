import pino, { type Logger } from 'pino';
import type { Config } from './config.js';

/** What a request log line says about the request: never cookies, headers, query or body. */
interface LoggedRequest {
  id?: string;
  method?: string;
  url?: string;
  host?: string;
}

/**
 * The app's pino logger. Request lines carry the method and path only (the query may hold
 * tokens), and anything named like a secret is redacted should it ever be logged.
 */
export function createLogger(config: Pick<Config, 'logLevel'>, opts: { pretty?: boolean } = {}): Logger {
  return pino({
    level: config.logLevel,
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', '*.password', '*.passwordHash', '*.token', '*.email'],
      censor: '[redacted]',
    },
    serializers: {
      req: (req: LoggedRequest) => ({ id: req.id, method: req.method, path: req.url?.split('?')[0], host: req.host }),
      res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
      err: pino.stdSerializers.err,
    },
    ...(opts.pretty ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss' } } } : {}),
  });
}
