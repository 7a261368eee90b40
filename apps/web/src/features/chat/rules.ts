import { TYPING_SHOWN_MS, type SiteSettings } from '@app/shared';
import type { ChatEntry, ChatImage, ChatMessage, ChatResponse } from './api/contract';

/** A route's :id as a conversation or member id: a whole positive number, else null (not found). */
export function parseChatId(param: string | undefined): number | null {
  if (!param || !/^\d{1,15}$/.test(param)) return null;
  const id = Number(param);
  return id > 0 ? id : null;
}

/**
 * A conversation's loaded messages oldest first, as the chat shows them. Pages come newest
 * first with their messages newest first; a message the live channel added while a page was
 * refetched may appear twice, so each id is kept once.
 */
export function messagesInOrder(pages: readonly Pick<ChatResponse, 'messages'>[]): ChatMessage[] {
  const seen = new Set<number>();
  const ordered: ChatMessage[] = [];
  for (const page of pages) {
    for (const message of page.messages) {
      if (seen.has(message.id)) continue;
      seen.add(message.id);
      ordered.push(message);
    }
  }
  return ordered.sort((a, b) => a.id - b.id);
}

/** The local calendar day of a moment, as YYYY-MM-DD. */
export function dayKey(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${day}`;
}

export interface DayGroup<T> {
  /** The local day, YYYY-MM-DD. */
  day: string;
  /** When the day's first message was sent, to name the day. */
  date: Date;
  items: T[];
}

/** Messages in order, grouped by the local day they were sent on (the chat's day separators). */
export function groupByDay<T extends { at: string }>(items: readonly T[]): DayGroup<T>[] {
  const groups: DayGroup<T>[] = [];
  for (const item of items) {
    const date = new Date(item.at);
    const day = dayKey(date);
    const last = groups.at(-1);
    if (last?.day === day) last.items.push(item);
    else groups.push({ day, date, items: [item] });
  }
  return groups;
}

/** How a day separator names its day: today, yesterday, or the date itself. */
export function dayKind(date: Date, now: Date): 'today' | 'yesterday' | 'date' {
  if (dayKey(date) === dayKey(now)) return 'today';
  const yesterday = new Date(now);
  yesterday.setDate(now.getDate() - 1);
  return dayKey(date) === dayKey(yesterday) ? 'yesterday' : 'date';
}

/**
 * When a chat list entry's last message was sent, short as chat lists say it: "now", minutes
 * ago within the hour, the time today, "yesterday", the weekday within a week, else the date.
 */
export function listTime(at: Date, now: Date, locale: string): string {
  const minutes = Math.floor((now.getTime() - at.getTime()) / 60_000);
  const relative = new Intl.RelativeTimeFormat(locale, { numeric: 'auto', style: 'short' });
  if (minutes < 1) return relative.format(0, 'second');
  if (minutes < 60) return relative.format(-minutes, 'minute');
  const kind = dayKind(at, now);
  if (kind === 'today') return new Intl.DateTimeFormat(locale, { timeStyle: 'short' }).format(at);
  if (kind === 'yesterday') return relative.format(-1, 'day');
  if (minutes < 6 * 24 * 60) return new Intl.DateTimeFormat(locale, { weekday: 'short' }).format(at);
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short' }).format(at);
}

/** What a chat list entry previews: the text, a photo or gift label, or nothing yet. */
export function previewKind(entry: Pick<ChatEntry, 'last_message'>): 'text' | 'image' | 'gift' | 'none' {
  const last = entry.last_message;
  if (!last) return 'none';
  if (last.kind === 'text') return last.body.trim() ? 'text' : 'none';
  return last.kind;
}

/** What the member's next text message costs: free (with how many free ones are left) or credits. */
export type NextMessageCost = { free: true; left: number } | { free: false; credits: number };

export function nextMessageCost(freeMessagesLeft: number, messageCredits: number): NextMessageCost {
  return freeMessagesLeft > 0 ? { free: true, left: freeMessagesLeft } : { free: false, credits: messageCredits };
}

/**
 * The least a message costs in the member's country (settings.minimum_message_costs, cents),
 * as money in the member's language; null where the site names no price for that country.
 */
export function minimumMessageCost(
  costs: SiteSettings['minimum_message_costs'],
  country: string,
  locale: string,
): string | null {
  const cost = costs[country];
  if (!cost) return null;
  return new Intl.NumberFormat(locale, { style: 'currency', currency: cost.currency }).format(cost.costs / 100);
}

/** Which prompt a refused send asks for (spec section 8): buy credits, go premium, or confirm the e-mail. */
export type SendPrompt = 'buy' | 'premium' | 'confirm';

export function promptOf(error: { status: number; error: string }): SendPrompt | null {
  if (error.status === 402 && error.error === 'insufficient_credits') return 'buy';
  if (error.status === 403 && error.error === 'conversation_limit_reached') return 'premium';
  if (error.status === 403 && error.error === 'account_not_confirmed') return 'confirm';
  return null;
}

/** The localStorage key of a dismissed icebreaker modal, one per partner. */
export function icebreakerKey(partnerId: number): string {
  return `dismissed-icebreaker-${partnerId}`;
}

/** The icebreaker modal opens by itself on a chat that is open for writing and has no messages yet. */
export function shouldOpenIcebreaker(input: { messages: number; closed: boolean; dismissed: boolean }): boolean {
  return input.messages === 0 && !input.closed && !input.dismissed;
}

/** The composer's counter: shown from 80 % of settings.message_length, over once past it. */
export function lengthState(length: number, max: number): 'hidden' | 'near' | 'over' {
  if (length > max) return 'over';
  return length >= max * 0.8 ? 'near' : 'hidden';
}

/** Enter sends, Shift+Enter (or Enter while an input method composes a word) adds a line. */
export function isSendKey(event: { key: string; shiftKey: boolean; isComposing: boolean }): boolean {
  return event.key === 'Enter' && !event.shiftKey && !event.isComposing;
}

/**
 * The newest message from the partner in the open chat that is newer than `after`, or null:
 * the live channel put it there, so the chat marks itself read again.
 */
export function newPartnerMessage(messages: readonly ChatMessage[], after: number): number | null {
  let newest: number | null = null;
  for (const message of messages) {
    if (!message.from_me && message.id > after && (newest === null || message.id > newest)) newest = message.id;
  }
  return newest;
}

/** An image message's thumbnail size: the picture's own proportions within a box of `max` pixels. */
export function thumbSize(image: Pick<ChatImage, 'width' | 'height'>, max: number): { width: number; height: number } {
  if (image.width <= 0 || image.height <= 0) return { width: max, height: max };
  const scale = Math.min(1, max / Math.max(image.width, image.height));
  return { width: Math.round(image.width * scale), height: Math.round(image.height * scale) };
}

/** Whether the partner's typing (the live channel's last `typing` event) still shows at `now` (ms). */
export function typingShown(typing: { member_id: number; at: number } | null, partnerId: number, now: number): boolean {
  return typing !== null && typing.member_id === partnerId && now - typing.at < TYPING_SHOWN_MS;
}

/**
 * The member's message the partner read last, which shows 'seen': the newest one of theirs
 * sent at or before the partner's read (`seenAt`, ChatResponse.seen_at); null without one.
 */
export function seenMessageId(messages: readonly ChatMessage[], seenAt: string | null): number | null {
  if (seenAt === null) return null;
  const read = Date.parse(seenAt);
  let seen: number | null = null;
  for (const message of messages) {
    if (message.from_me && Date.parse(message.at) <= read && (seen === null || message.id > seen)) seen = message.id;
  }
  return seen;
}
