import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ChatQuerySchema,
  ChatResponseSchema,
  ChatsResponseSchema,
  DeleteChatBodySchema,
  GiftsResponseSchema,
  IDEMPOTENCY_KEY_HEADER,
  MESSAGES_PER_MINUTE,
  OkResponseSchema,
  SendGiftBodySchema,
  SendImageFieldsSchema,
  SendMessageBodySchema,
  SendHeadersSchema,
  SendMessageResponseSchema,
  TypingBodySchema,
  type SendHeaders,
  type SendImageFields,
} from '@app/shared';
import { memberId, requireMember } from '../../plugins/session.js';
import { presentedAnswerSerializer, RequestValidationError } from '../../plugins/validation.js';
import { IMAGE_UPLOAD_LIMITS, readImageUpload } from '../media/media.upload.js';
import type { ChatService } from './chat.service.js';
import { errorResponses } from '../../plugins/errors.js';

/** The per-member limit of sent messages: at most `max` per `timeWindow` ms on each send route. */
export interface MessageRateLimit {
  max: number;
  timeWindow: number;
}

export const DEFAULT_MESSAGE_RATE_LIMIT: MessageRateLimit = { max: MESSAGES_PER_MINUTE, timeWindow: 60_000 };

export interface ChatRoutesOptions {
  chat: ChatService;
  /** Sent messages per member; tests that send in bulk raise it. */
  messageLimit?: MessageRateLimit;
}

/** The text fields of an image upload, checked like a JSON body (400 validation_failed). */
function imageFields(fields: Record<string, string>): SendImageFields {
  const result = SendImageFieldsSchema.safeParse(fields, { reportInput: true });
  if (!result.success) throw new RequestValidationError(result.error.issues);
  return result.data;
}

/** The send's idempotency key (see the contract), or null for a client that sends none. */
const sendKey = (headers: SendHeaders) => headers[IDEMPOTENCY_KEY_HEADER] ?? null;

/** Conversations and messages. The contract is documented in @app/shared schemas/chat.ts. */
export const chatRoutes: FastifyPluginAsyncZod<ChatRoutesOptions> = async (app, opts) => {
  const { chat } = opts;
  // Keyed by member, not address: members behind one address (an office, a phone network) do not
  // share a limit, and a script that changes address does not escape it.
  const rateLimit = {
    ...(opts.messageLimit ?? DEFAULT_MESSAGE_RATE_LIMIT),
    keyGenerator: (request: FastifyRequest) => `message:${request.member?.id ?? request.ip}`,
  };

  // Scoped to this plugin: image messages are uploaded as multipart bodies.
  await app.register(multipart, { limits: IMAGE_UPLOAD_LIMITS });

  app.post(
    '/api/message.php',
    {
      onRequest: requireMember,
      config: { rateLimit },
      schema: {
        tags: ['chat'],
        summary: 'Sends a text message to a member or into a conversation, paying its credits',
        headers: SendHeadersSchema,
        body: SendMessageBodySchema,
        response: { 200: SendMessageResponseSchema, ...errorResponses(400, 402, 403, 404, 409, 429) },
      },
    },
    async (request) =>
      chat.send(memberId(request), request.body, (await request.site()).settings, sendKey(request.headers)),
  );

  app.post(
    '/api/message-image.php',
    {
      onRequest: requireMember,
      config: { rateLimit },
      schema: {
        tags: ['chat'],
        summary:
          'Sends an image (multipart/form-data: file field `file`, and `member_id` or `conversation_id`), paying its credits',
        consumes: ['multipart/form-data'],
        headers: SendHeadersSchema,
        response: { 200: SendMessageResponseSchema, ...errorResponses(400, 402, 403, 404, 409, 413, 415, 422, 429) },
      },
    },
    async (request) => {
      const upload = await readImageUpload(request);
      const target = imageFields(upload.fields);
      return chat.sendImage(
        memberId(request),
        target,
        upload.data,
        (await request.site()).settings,
        sendKey(request.headers),
      );
    },
  );

  app.get(
    '/api/gifts.php',
    {
      onRequest: requireMember,
      schema: {
        tags: ['chat'],
        summary: 'The gift catalogue in display order, each with its price',
        response: { 200: GiftsResponseSchema, ...errorResponses(403) },
      },
    },
    async (request) => chat.gifts((await request.site()).settings),
  );

  app.post(
    '/api/gift.php',
    {
      onRequest: requireMember,
      config: { rateLimit },
      schema: {
        tags: ['chat'],
        summary: 'Sends a gift to a member or into a conversation, paying its price',
        headers: SendHeadersSchema,
        body: SendGiftBodySchema,
        response: { 200: SendMessageResponseSchema, ...errorResponses(400, 402, 403, 404, 409, 429) },
      },
    },
    async (request) =>
      chat.sendGift(memberId(request), request.body, (await request.site()).settings, sendKey(request.headers)),
  );

  app.get(
    '/api/chats.php',
    {
      onRequest: requireMember,
      config: { memberAnswer: true },
      // Every member's tab polls it: the presenter's answer goes out unparsed.
      serializerCompiler: presentedAnswerSerializer,
      schema: {
        tags: ['chat'],
        summary: "The member's chats, newest message first",
        response: { 200: ChatsResponseSchema, ...errorResponses(403) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return chat.chats(memberId(request), (await request.site()).settings);
    },
  );

  app.get(
    '/api/chat.php',
    {
      onRequest: requireMember,
      schema: {
        tags: ['chat'],
        summary: "A page of a conversation's messages, newest first; marks the conversation read",
        querystring: ChatQuerySchema,
        response: { 200: ChatResponseSchema, ...errorResponses(400, 403, 404) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return chat.open(memberId(request), request.query, (await request.site()).settings);
    },
  );

  app.delete(
    '/api/chat.php',
    {
      onRequest: requireMember,
      schema: {
        tags: ['chat'],
        summary: "Hides a chat from the member's list until a new message arrives",
        body: DeleteChatBodySchema,
        response: { 200: OkResponseSchema, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => {
      await chat.hide(memberId(request), request.body.conversation);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/typing.php',
    {
      onRequest: requireMember,
      schema: {
        tags: ['chat'],
        summary: "Tells the partner's open tabs the member is typing in the conversation; never stored",
        body: TypingBodySchema,
        response: { 202: OkResponseSchema, ...errorResponses(400, 403, 404) },
      },
    },
    async (request, reply) => {
      await chat.typing(memberId(request), request.body.conversation);
      return reply.code(202).send({ ok: true as const });
    },
  );

  app.post(
    '/api/chat-read.php',
    {
      onRequest: requireMember,
      schema: {
        tags: ['chat'],
        summary: 'Marks a conversation read: the open chat showed a message that arrived live',
        body: DeleteChatBodySchema,
        response: { 200: OkResponseSchema, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => {
      await chat.read(memberId(request), request.body.conversation);
      return { ok: true as const };
    },
  );
};
