/*
 * The chat contract's types (packages/shared/src/schemas/chat.ts), imported type-only so no
 * zod reaches the bundle.
 */
export type {
  ChatEntry,
  ChatImage,
  ChatMessage,
  ChatResponse,
  ChatsResponse,
  Gift,
  GiftsResponse,
  MessageKind,
  ProfileCard,
  SendMessageResponse,
} from '@app/shared';
