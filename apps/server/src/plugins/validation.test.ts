import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { presentedAnswerSerializer } from './validation.js';

describe('presentedAnswerSerializer', () => {
  let app: FastifyInstance;
  const Answer = z.object({ n: z.number().int() });
  const Refusal = z.object({ error: z.string() });
  /** What the handlers return, set by each test. */
  let presented: unknown;

  beforeAll(async () => {
    app = Fastify();
    app.setSerializerCompiler(serializerCompiler);
    const schema = { response: { 200: Answer, 409: Refusal } };
    app.get('/presented', { serializerCompiler: presentedAnswerSerializer, schema }, async () => presented);
    app.get('/checked', { schema }, async () => presented);
    app.get('/presented-refusal', { serializerCompiler: presentedAnswerSerializer, schema }, async (_req, reply) =>
      reply.code(409).send(presented),
    );
    await app.ready();
  });
  afterAll(() => app.close());

  it('writes a 200 answer as presented, without the parse the checking serializer runs', async () => {
    presented = { n: 1.5, note: 'kept' };
    const res = await app.inject('/presented');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ n: 1.5, note: 'kept' });
    expect((await app.inject('/checked')).statusCode).toBe(500);
  });

  it('keeps the checking serializer for other statuses', async () => {
    presented = { error: 'taken', note: 'dropped' };
    const res = await app.inject('/presented-refusal');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'taken' });
  });
});
