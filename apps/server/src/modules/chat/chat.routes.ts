import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ChatQuerySchema,
  ChatResponseSchema,
  ChatsResponseSchema,
  DeleteChatBodySchema,
  ErrorResponseSchema,
  OkResponseSchema,
  SendMessageBodySchema,
  SendMessageResponseSchema,
} from '@app/shared';
import { memberId, requireMember } from '../../plugins/session.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { ChatService, ChatSite } from './chat.service.js';

export interface ChatRoutesOptions {
  chat: ChatService;
  settings: Pick<SettingsService, 'resolveSite'>;
}

const errors = (...codes: number[]) => Object.fromEntries(codes.map((c) => [c, ErrorResponseSchema]));

/** Conversations and messages. The contract is documented in @app/shared schemas/chat.ts. */
export const chatRoutes: FastifyPluginAsyncZod<ChatRoutesOptions> = async (app, opts) => {
  const { chat, settings } = opts;

  async function siteOf(request: FastifyRequest): Promise<ChatSite> {
    return (await settings.resolveSite({ host: request.host })).site.settings;
  }

  app.post(
    '/api/message.php',
    {
      onRequest: requireMember,
      schema: {
        tags: ['chat'],
        summary: 'Sends a text message to a member or into a conversation, paying its credits',
        body: SendMessageBodySchema,
        response: { 200: SendMessageResponseSchema, ...errors(400, 402, 403, 404) },
      },
    },
    async (request) => chat.send(memberId(request), request.body, await siteOf(request)),
  );

  app.get(
    '/api/chats.php',
    {
      onRequest: requireMember,
      schema: {
        tags: ['chat'],
        summary: "The member's chats, newest message first",
        response: { 200: ChatsResponseSchema, ...errors(403) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return chat.chats(memberId(request), await siteOf(request));
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
        response: { 200: ChatResponseSchema, ...errors(400, 403, 404) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return chat.open(memberId(request), request.query, await siteOf(request));
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
        response: { 200: OkResponseSchema, ...errors(400, 403, 404) },
      },
    },
    async (request) => {
      await chat.hide(memberId(request), request.body.conversation);
      return { ok: true as const };
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
        response: { 200: OkResponseSchema, ...errors(400, 403, 404) },
      },
    },
    async (request) => {
      await chat.read(memberId(request), request.body.conversation);
      return { ok: true as const };
    },
  );
};
