import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { FastifyCompressOptions } from '@fastify/compress';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * How answers are compressed: @fastify/compress is registered with these options (app.ts), and
 * answers kept encoded in memory (member-answers.ts) are encoded by the same rules here, so a
 * kept answer goes out with the bytes and headers the plugin would have given it.
 *
 * Answers up to 64 KB (every API answer) are compressed in one synchronous call: on two cores
 * the stream pipeline's objects and thread-pool hop cost more than the compression (chats.php
 * 1.36 -> 0.96 ms of Node CPU in bench:api). Brotli at quality 2, not the plugin's 4: on a 9 KB
 * chat list it takes half the CPU (0.032 against 0.064 ms) for 3% more bytes (1,998 against
 * 1,940). Answers under 1 KB (the plugin's default threshold) go out as they are.
 */
const ENCODINGS: Array<'br' | 'gzip'> = ['br', 'gzip'];
const THRESHOLD_BYTES = 1024;
const BROTLI_OPTIONS = { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 2 } };

export const compressionOptions: FastifyCompressOptions = {
  encodings: ENCODINGS,
  threshold: THRESHOLD_BYTES,
  syncThreshold: 65_536,
  brotliOptions: BROTLI_OPTIONS,
};

export type AnswerEncoding = 'br' | 'gzip' | 'identity';

/** The plugin reads "*" (no preference) and x-gzip as gzip before it negotiates. */
const GZIP_ALIAS = /\*|x-gzip/gu;

/**
 * The encoding @fastify/compress gives a JSON answer of `bytes` bytes for this request: none
 * when asked not to compress, below the threshold, or when the client accepts none of ours.
 */
export function answerEncoding(request: FastifyRequest, bytes: number): AnswerEncoding {
  const accepted = request.headers['accept-encoding'];
  if (bytes < THRESHOLD_BYTES || accepted === undefined || request.headers['x-no-compression'] !== undefined) {
    return 'identity';
  }
  return negotiate(accepted.toLowerCase().replace(GZIP_ALIAS, 'gzip'), ENCODINGS) ?? 'identity';
}

/** The answer's bytes in `encoding`, as the plugin's synchronous path compresses them. */
export function encodeAnswer(identity: Buffer, encoding: Exclude<AnswerEncoding, 'identity'>): Buffer {
  return encoding === 'br' ? brotliCompressSync(identity, BROTLI_OPTIONS) : gzipSync(identity);
}

/** Adds accept-encoding to Vary as the plugin does when it compresses. */
export function varyOnEncoding(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  if (vary === undefined) {
    reply.header('vary', 'accept-encoding');
    return;
  }
  const values = Array.isArray(vary) ? vary.map(String) : [String(vary)];
  if (!values.some((v) => v.includes('accept-encoding')))
    reply.header('vary', [...values, 'accept-encoding'].join(', '));
}
