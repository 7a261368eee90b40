import { execFileSync } from 'node:child_process';
import { createECDH, createDecipheriv, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** One request a push service received. */
export interface ReceivedPush {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/**
 * The host name the stand-in serves as: tests list it in the config's push hosts, like a real
 * push service's (`.test` is reserved, so no real host has it).
 */
export const PUSH_STAND_IN_HOST = 'push-service.test';

/**
 * The HTTPS agent of the app's requests in tests: it trusts the stand-in's certificate and takes
 * every connection to the stand-in's port on 127.0.0.1, as if the name resolved there and it
 * listened on 443. TLS still checks the certificate against the endpoint's host name.
 */
class StandInAgent extends Agent {
  /** Every host and port the app opened a connection to (`host:port`), in order. */
  readonly contacted: string[] = [];

  constructor(
    private readonly port: number,
    ca: Buffer,
  ) {
    super({ ca });
  }

  override createConnection(...[options, callback]: Parameters<Agent['createConnection']>) {
    this.contacted.push(`${options.host ?? options.hostname}:${options.port ?? 443}`);
    return super.createConnection({ ...options, host: '127.0.0.1', port: this.port }, callback);
  }
}

/**
 * A push service for tests: an HTTPS server on 127.0.0.1 with a self-signed certificate for
 * PUSH_STAND_IN_HOST (made by openssl), keeping every request it receives. It answers 201 like
 * real push services, or the status set for a path. Its endpoints are
 * `https://push-service.test/push/...`; `agent` reaches it for them.
 */
export interface PushServiceStandIn {
  agent: Agent;
  /** Every host and port the app connected to through `agent` (`host:port`). */
  contacted: string[];
  received: ReceivedPush[];
  /** A new endpoint URL on this service. */
  endpoint(): string;
  answer(endpoint: string, status: number): void;
  close(): Promise<void>;
}

export async function startPushServiceStandIn(): Promise<PushServiceStandIn> {
  const dir = mkdtempSync(join(tmpdir(), 'push-stand-in-'));
  try {
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
        '1',
        '-subj',
        `/CN=${PUSH_STAND_IN_HOST}`,
        '-addext',
        `subjectAltName=DNS:${PUSH_STAND_IN_HOST}`,
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    const key = readFileSync(join(dir, 'key.pem'));
    const cert = readFileSync(join(dir, 'cert.pem'));
    const received: ReceivedPush[] = [];
    const statuses = new Map<string, number>();
    const server: Server = createServer({ key, cert }, (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const path = req.url ?? '';
        received.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
        res.statusCode = statuses.get(path) ?? 201;
        res.end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const origin = `https://${PUSH_STAND_IN_HOST}`;
    const agent = new StandInAgent((server.address() as AddressInfo).port, cert);
    let count = 0;
    return {
      agent,
      contacted: agent.contacted,
      received,
      endpoint: () => `${origin}/push/${(count += 1)}-${randomBytes(8).toString('hex')}`,
      answer: (endpoint, status) => void statuses.set(new URL(endpoint).pathname, status),
      async close() {
        agent.destroy();
        await new Promise((resolve) => server.close(resolve));
      },
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A browser's side of a subscription: its P-256 key pair and auth secret. */
export interface DeviceKeys {
  p256dh: string;
  auth: string;
  decrypt(body: Buffer): string;
}

const hkdf = (salt: Buffer, ikm: Buffer, info: Buffer, length: number) =>
  Buffer.from(hkdfSync('sha256', ikm, salt, info, length));

/**
 * Makes a device's keys as a browser does, and decrypts what a push service hands it: the
 * aes128gcm content coding (RFC 8188) with the Web Push key derivation (RFC 8291).
 */
export function deviceKeys(): DeviceKeys {
  const ecdh = createECDH('prime256v1');
  const uaPublic = ecdh.generateKeys();
  const authSecret = randomBytes(16);
  return {
    p256dh: uaPublic.toString('base64url'),
    auth: authSecret.toString('base64url'),
    decrypt(body) {
      const salt = body.subarray(0, 16);
      const idLength = body.readUInt8(20);
      const asPublic = body.subarray(21, 21 + idLength);
      const record = body.subarray(21 + idLength);
      const ecdhSecret = ecdh.computeSecret(asPublic);
      const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
      const ikm = hkdf(authSecret, ecdhSecret, keyInfo, 32);
      const cek = hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
      const nonce = hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12);
      const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
      decipher.setAuthTag(record.subarray(record.length - 16));
      const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
      // The last record ends with the delimiter 2, then zero padding.
      const end = padded.lastIndexOf(2);
      return padded.subarray(0, end).toString('utf8');
    },
  };
}

/**
 * Checks a push request's VAPID authorization (RFC 8292): `vapid t=<JWT>, k=<public key>`, the
 * JWT signed with ES256 by that key, for the endpoint's origin. Returns the key.
 */
export function verifyVapid(push: ReceivedPush, endpointOrigin: string): string {
  const header = String(push.headers.authorization ?? '');
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(header);
  if (!match) throw new Error(`not a VAPID authorization: ${header}`);
  const [, jwt, k] = match as unknown as [string, string, string];
  const [head, claims, signature] = jwt.split('.') as [string, string, string];
  const raw = Buffer.from(k, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) throw new Error('the VAPID signature does not verify');
  const { aud } = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as { aud: string };
  if (aud !== endpointOrigin) throw new Error(`the VAPID audience is ${aud}, not ${endpointOrigin}`);
  return k;
}
