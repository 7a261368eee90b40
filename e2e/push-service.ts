import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

/**
 * The stand-in push service of the notifications spec. Push services speak HTTPS only, and the
 * server under test must trust ours: the certificate is made once per run, before the server
 * starts, which trusts it through NODE_EXTRA_CA_CERTS (playwright.config.ts).
 */
export interface PushServiceCertificate {
  certFile: string;
  keyFile: string;
}

/** The run's self-signed certificate for 127.0.0.1 under `dataDir`, made by openssl if missing. */
export function pushServiceCertificate(dataDir: string): PushServiceCertificate {
  const dir = join(dataDir, 'push-service');
  const certFile = join(dir, 'cert.pem');
  const keyFile = join(dir, 'key.pem');
  if (!existsSync(certFile)) {
    mkdirSync(dir, { recursive: true });
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '2',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
        '-keyout',
        keyFile,
        '-out',
        certFile,
      ],
      { stdio: 'ignore' },
    );
  }
  return { certFile, keyFile };
}

/** One push message as the push service received it from our server. */
export interface ReceivedPush {
  path: string;
  body: Buffer;
}

export interface PushService {
  /** A new subscription endpoint on this service. */
  endpoint(name: string): string;
  received: ReceivedPush[];
  close(): Promise<void>;
}

/**
 * The stand-ins' ports, one per Playwright project that may run the push test at the same
 * time: fixed, since the server under test allows exactly these hosts and ports as push
 * services (PUSH_HOSTS in playwright.config.ts).
 */
export function pushServicePorts(): number[] {
  const base = Number(process.env.E2E_PORT ?? 3210);
  return [base + 1, base + 2];
}

/** Starts the stand-in push service on port `slot` of pushServicePorts; it answers 201 like real push services. */
export async function startPushService(dataDir: string, slot: number): Promise<PushService> {
  const { certFile, keyFile } = pushServiceCertificate(dataDir);
  const received: ReceivedPush[] = [];
  const server: Server = createServer({ key: readFileSync(keyFile), cert: readFileSync(certFile) }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ path: req.url ?? '', body: Buffer.concat(chunks) });
      res.statusCode = 201;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(pushServicePorts()[slot], '127.0.0.1', resolve));
  const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    endpoint: (name) => `${origin}/push/${name}`,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
