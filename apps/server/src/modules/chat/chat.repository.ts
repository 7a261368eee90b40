import { and, asc, count, desc, eq, gte, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { bound, prepared, runNamed, type IdValue } from '../../db/prepared.js';
import {
  conversationMembers,
  conversations,
  creditLedger,
  gifts,
  members,
  messages,
  pendingFirstMessages,
  photos,
  profiles,
  type CREDIT_REASONS,
} from '../../db/schema/index.js';
import {
  cardColumns,
  findableFor,
  messageVisibleTo,
  notBlockedWith,
  notBlockedSql,
  reachableSql,
  shownMainPhoto,
  shownToContact,
  type CardRow,
} from '../directory/directory.repository.js';
import type { GiftRef, GiftRow, HeldReason, MessageRow, StoredMessage } from '../../db/schema/index.js';

export type { GiftRef, GiftRow, HeldReason, MessageRow, StoredMessage };

/** The kind-specific columns of a new message: a text's body, an image's files, a gift's key. */
export interface MessageContent {
  kind: MessageRow['kind'];
  body: string;
  image: { key: string; thumbKey: string; width: number; height: number } | null;
  giftKey: string | null;
}

/**
 * The pair's conversation and its list entries: both, or with $4 false only the starter's (a
 * first message the partner does not get yet); no row when the pair has one already.
 */
const CREATE_CONVERSATION = `
with created as (
  insert into conversations (member_low_id, member_high_id, started_by)
  values ($1::bigint, $2::bigint, $3::bigint)
  on conflict do nothing
  returning id
), listed as (
  insert into conversation_members (conversation_id, member_id)
  select id, $1::bigint from created where $4::boolean or $1::bigint = $3::bigint
  union all select id, $2::bigint from created where $4::boolean or $2::bigint = $3::bigint
)
select id from created`;

/**
 * The message and both list entries: the conversation moves to the top for both and shows
 * again if either had hidden it; the recipient's unread count goes up by one. A message not
 * delivered ($14 false: held for review, or from a shadow-banned sender) touches only the
 * sender's entry, so the recipient sees nothing of it. $15 is the sender's idempotency key, if
 * any. With a ledger reason ($12) also the guarded debit of the message's credits and its
 * ledger row: the update never lets the balance go below zero, whatever runs at the same time,
 * and then changes nothing (no credits in the answer).
 */
const INSERT_MESSAGE = `
with message as (
  insert into messages (conversation_id, sender_id, kind, body, image_key, image_thumb_key,
                        image_width, image_height, gift_key, credits, created_at, held_reason, client_key)
  values ($1::bigint, $2::bigint, $3::text, $4::text, $5::text, $6::text,
          $7::integer, $8::integer, $9::text, $10::integer, $11::timestamptz, $13::text, $15::text)
  returning id
), listed as (
  update conversation_members
  set last_message_at = $11::timestamptz, hidden_at = null,
      unread_count = unread_count + case when member_id = $2::bigint then 0 else 1 end
  where conversation_id = $1::bigint and ($14::boolean or member_id = $2::bigint)
), debit as (
  update members set credits = credits - $10::integer
  where id = $2::bigint and $12::text is not null and credits >= $10::integer
  returning credits
), entry as (
  insert into credit_ledger (member_id, delta, reason, message_id, balance_after)
  select $2::bigint, -$10::integer, $12::text, message.id, debit.credits from message, debit
)
select message.id, debit.credits from message left join debit on true`;

/**
 * See admitSender. $1 the sender, $2 the recipient or $3 the conversation (the other is null).
 * Reachable: the directory's rule (reachableSql).
 */
const ADMIT_SENDER = `
select m.status, m.paid_user, m.credits, t.recipient_id, c.id as conversation_id,
       m.shadow_banned_at is not null as shadow_banned,
       (t.recipient_id is not null and ${reachableSql('m.id', 't.recipient_id')}) as reachable
from members m
cross join lateral (
  select case when $3::bigint is null then $2::bigint
              else (select case when x.member_low_id = m.id then x.member_high_id else x.member_low_id end
                    from conversations x
                    where x.id = $3::bigint and (x.member_low_id = m.id or x.member_high_id = m.id))
         end as recipient_id
) t
left join conversations c
  on c.member_low_id = least(m.id, t.recipient_id) and c.member_high_id = greatest(m.id, t.recipient_id)
where m.id = $1::bigint and m.deleted_at is null
for update of m`;

/**
 * See sendPaidMessage. $1 the sender, $2 the recipient or $3 the conversation (the other is
 * null), $4-$10 the message's columns, $11 the price, $12 the time, $13 the ledger reason, $14
 * the sender's idempotency key (or null). The guarded debit comes first and takes the sender's
 * row lock: the message, its list entries and the ledger row are written only when it
 * succeeded, all in this one statement. A shadow-banned sender's message (debit.hidden) is paid
 * and stored, but only the sender's list entry moves.
 */
const SEND_PAID_MESSAGE = `
with target as (
  select t.recipient_id, c.id as conversation_id, ${reachableSql('$1::bigint', 't.recipient_id')} as reachable
  from (
    select case when $3::bigint is null then $2::bigint
                else (select case when x.member_low_id = $1::bigint then x.member_high_id else x.member_low_id end
                      from conversations x
                      where x.id = $3::bigint and (x.member_low_id = $1::bigint or x.member_high_id = $1::bigint))
           end as recipient_id
  ) t
  join conversations c
    on c.member_low_id = least($1::bigint, t.recipient_id) and c.member_high_id = greatest($1::bigint, t.recipient_id)
), debit as (
  update members m set credits = m.credits - $11::integer
  from target
  where m.id = $1::bigint and m.deleted_at is null and m.status = 'confirmed' and m.paid_user
    and target.reachable and m.credits >= $11::integer
  returning m.credits, m.shadow_banned_at is not null as hidden
), message as (
  insert into messages (conversation_id, sender_id, kind, body, image_key, image_thumb_key,
                        image_width, image_height, gift_key, credits, created_at, client_key)
  select target.conversation_id, $1::bigint, $4::text, $5::text, $6::text, $7::text,
         $8::integer, $9::integer, $10::text, $11::integer, $12::timestamptz, $14::text
  from target, debit
  returning id, conversation_id
), listed as (
  update conversation_members cm
  set last_message_at = $12::timestamptz, hidden_at = null,
      unread_count = cm.unread_count + case when cm.member_id = $1::bigint then 0 else 1 end
  from message, debit
  where cm.conversation_id = message.conversation_id and (not debit.hidden or cm.member_id = $1::bigint)
), entry as (
  insert into credit_ledger (member_id, delta, reason, message_id, balance_after)
  select $1::bigint, -$11::integer, $13::text, message.id, debit.credits from message, debit
)
select message.id, message.conversation_id, target.recipient_id, debit.credits, debit.hidden
from message, debit, target`;

/** See freeMemberCounts: $1 the sender, $2 and $3 the pair (low, high), $4 and $5 the limits. */
const FREE_MEMBER_COUNTS = `
select (select id from conversations where member_low_id = $2::bigint and member_high_id = $3::bigint)
         as conversation_id,
       (select count(*) from (select 1 from conversations where started_by = $1::bigint limit $4::integer) s)
         as started,
       (select count(*) from (select 1 from credit_ledger
                              where member_id = $1::bigint and reason = 'message' limit $5::integer) m)
         as sent`;

/**
 * The conversation of two members, created (with both list entries, or only the starter's when
 * the first message is not `delivered`) when it does not exist yet. Safe against two first
 * messages at once: the pair's unique index decides, and the loser reads the winner's row.
 */
export async function findOrCreateConversation(
  db: DbOrTx,
  a: number,
  b: number,
  startedBy: number,
  delivered = true,
): Promise<{ id: number; created: boolean }> {
  const [low, high] = a < b ? [a, b] : [b, a];
  const [inserted] = await runNamed<{ id: IdValue }>(db, 'chat_create_conversation', CREATE_CONVERSATION, [
    low,
    high,
    startedBy,
    delivered,
  ]);
  if (inserted) return { id: Number(inserted.id), created: true };
  const existing = await findConversationOfPair(db, low, high);
  if (existing === null) throw new Error('conversation vanished between insert and select');
  return { id: existing, created: false };
}

/**
 * Stores a message and updates both list entries (see INSERT_MESSAGE), in one statement; a
 * message with a `heldReason`, or not `delivered`, updates only the sender's. With
 * `debit`, the reason of a ledger row, the sender pays the message's credits in that statement
 * too (0 records a free use); `balance` is then the balance after it, or null when the credits
 * did not suffice and nothing was debited: the caller rolls back. Without `debit` (signup
 * messages) nothing is debited and `balance` is null.
 */
export async function insertMessage(
  db: DbOrTx,
  values: {
    conversationId: number;
    senderId: number;
    content: MessageContent;
    at: Date;
    credits?: number;
    /** The staff member writing for a site-run profile. */
    staffId?: number;
    heldReason?: HeldReason | null;
    /** False for a shadow-banned sender: stored, but the recipient never gets it. */
    delivered?: boolean;
    /** The sender's idempotency key of the send. */
    clientKey?: string | null;
  },
  debit: CreditReason | null = null,
): Promise<{ message: MessageRow; balance: number | null }> {
  const { content } = values;
  const row = {
    conversationId: values.conversationId,
    senderId: values.senderId,
    kind: content.kind,
    body: content.body,
    imageKey: content.image?.key ?? null,
    imageThumbKey: content.image?.thumbKey ?? null,
    imageWidth: content.image?.width ?? null,
    imageHeight: content.image?.height ?? null,
    giftKey: content.giftKey,
    credits: values.credits ?? 0,
    heldReason: values.heldReason ?? null,
    staffId: values.staffId ?? null,
    clientKey: values.clientKey ?? null,
    createdAt: values.at,
  };
  const delivered = (values.delivered ?? true) && row.heldReason === null;
  const [inserted] = await runNamed<{ id: IdValue; credits: number | null }>(
    db,
    'chat_insert_message',
    INSERT_MESSAGE,
    [
      row.conversationId,
      row.senderId,
      row.kind,
      row.body,
      row.imageKey,
      row.imageThumbKey,
      row.imageWidth,
      row.imageHeight,
      row.giftKey,
      row.credits,
      row.createdAt.toISOString(),
      debit,
      row.heldReason,
      delivered,
      row.clientKey,
    ],
  );
  if (!inserted) throw new Error('the message insert returned no row');
  const id = Number(inserted.id);
  // Rare (console replies only), so the hot insert statement stays as it is.
  if (row.staffId !== null) await db.update(messages).set({ staffId: row.staffId }).where(eq(messages.id, id));
  return { message: { id, ...row }, balance: inserted.credits };
}

/**
 * Takes the first messages a member wrote while signing up, oldest first. They are deleted as
 * they are read, so a second confirmation (or a second process) finds none to deliver again.
 */
export function takePendingFirstMessages(
  db: DbOrTx,
  senderId: number,
): Promise<Array<{ recipientId: number; body: string; createdAt: Date }>> {
  return db
    .delete(pendingFirstMessages)
    .where(eq(pendingFirstMessages.senderId, senderId))
    .returning({
      recipientId: pendingFirstMessages.recipientId,
      body: pendingFirstMessages.body,
      createdAt: pendingFirstMessages.createdAt,
    })
    .then((rows) => rows.sort((x, y) => x.createdAt.getTime() - y.createdAt.getTime()));
}

/** Who a message goes to: a member, or the other member of a conversation (exactly one is set). */
export interface SendTarget {
  memberId: number | null;
  conversationId: number | null;
}

/** What sending needs to know, read under the sender's row lock (see admitSender). */
export interface AdmitRow {
  status: 'confirmed' | 'not_confirmed';
  paidUser: boolean;
  credits: number;
  /** Null when the target conversation is not the sender's. */
  recipientId: number | null;
  /** The pair's conversation, when they have one. */
  conversationId: number | null;
  /** The recipient is findable (not deleted, not invisible, profile active) and not blocked either way. */
  reachable: boolean;
  /** The sender is shadow-banned: the message is stored but never reaches the recipient. */
  shadowBanned: boolean;
}

/**
 * The first statement of every send: locks the sender's member row for the rest of the
 * transaction and reads, in the same round trip, the recipient, whether the sender may write
 * to them and the pair's conversation. Every send takes this lock first, so one member's sends
 * run one after another, and the lock order (sender, then conversation rows) is the same for
 * every send, so two sends never wait on each other in a circle. The sender's columns are read
 * after the lock is granted; the rest comes from the statement's snapshot, which may predate
 * the lock: whatever must be exact under the lock (the free members' counts) is read by a
 * statement of its own afterwards (freeMemberCounts). Null when the sender is gone.
 */
export async function admitSender(db: DbOrTx, senderId: number, target: SendTarget): Promise<AdmitRow | null> {
  const [row] = await runNamed<{
    status: AdmitRow['status'];
    paid_user: boolean;
    credits: number;
    recipient_id: IdValue | null;
    conversation_id: IdValue | null;
    reachable: boolean;
    shadow_banned: boolean;
  }>(db, 'chat_admit_sender', ADMIT_SENDER, [senderId, target.memberId, target.conversationId]);
  if (!row) return null;
  return {
    status: row.status,
    paidUser: row.paid_user,
    credits: row.credits,
    recipientId: row.recipient_id === null ? null : Number(row.recipient_id),
    conversationId: row.conversation_id === null ? null : Number(row.conversation_id),
    reachable: row.reachable,
    shadowBanned: row.shadow_banned,
  };
}

/**
 * The common send in one statement, without a transaction of its own: a paid member writing
 * into a conversation the pair already has (SEND_PAID_MESSAGE). It sends only when every rule
 * holds (the sender confirmed and paying, with the credits; the recipient findable and not
 * blocked either way) and answers null otherwise, having changed nothing: the caller then takes
 * the full path (admitSender), which also names the refusal. The guarded debit is the
 * statement's first write and holds the sender's row lock, so concurrent sends never overdraw.
 */
export async function sendPaidMessage(
  db: DbOrTx,
  senderId: number,
  target: SendTarget,
  message: { content: MessageContent; price: number; at: Date; reason: CreditReason; clientKey: string | null },
): Promise<{ message: MessageRow; recipientId: number; balance: number; delivered: boolean } | null> {
  const { content, price, at } = message;
  const [sent] = await runNamed<{
    id: IdValue;
    conversation_id: IdValue;
    recipient_id: IdValue;
    credits: number;
    hidden: boolean;
  }>(db, 'chat_send_paid_message', SEND_PAID_MESSAGE, [
    senderId,
    target.memberId,
    target.conversationId,
    content.kind,
    content.body,
    content.image?.key ?? null,
    content.image?.thumbKey ?? null,
    content.image?.width ?? null,
    content.image?.height ?? null,
    content.giftKey,
    price,
    at.toISOString(),
    message.reason,
    message.clientKey,
  ]);
  if (!sent) return null;
  return {
    message: {
      id: Number(sent.id),
      conversationId: Number(sent.conversation_id),
      senderId,
      kind: content.kind,
      body: content.body,
      imageKey: content.image?.key ?? null,
      imageThumbKey: content.image?.thumbKey ?? null,
      imageWidth: content.image?.width ?? null,
      imageHeight: content.image?.height ?? null,
      giftKey: content.giftKey,
      credits: price,
      heldReason: null,
      staffId: null,
      clientKey: message.clientKey,
      createdAt: at,
    },
    recipientId: Number(sent.recipient_id),
    balance: sent.credits,
    delivered: !sent.hidden,
  };
}

/** What the limits of a free member are checked against, read under the sender's lock. */
export interface FreeMemberCounts {
  /** The pair's conversation, read again now that the lock is held. */
  conversationId: number | null;
  /** Conversations the member started, counted up to `startedLimit`. */
  started: number;
  /** Chat messages the member sent, counted up to `sentLimit` (free ones leave a zero ledger row). */
  sent: number;
}

/**
 * The counts a free member's send is checked against, in one statement after admitSender took
 * the lock, so they hold every send of the member that committed before. Each count stops at
 * its limit: beyond it the number does not matter, and a long history costs nothing.
 */
export async function freeMemberCounts(
  db: DbOrTx,
  senderId: number,
  recipientId: number,
  limits: { startedLimit: number; sentLimit: number },
): Promise<FreeMemberCounts> {
  const [low, high] = senderId < recipientId ? [senderId, recipientId] : [recipientId, senderId];
  const [row] = await runNamed<{ conversation_id: IdValue | null; started: IdValue; sent: IdValue }>(
    db,
    'chat_free_member_counts',
    FREE_MEMBER_COUNTS,
    [senderId, low, high, limits.startedLimit, limits.sentLimit],
  );
  return {
    conversationId: row?.conversation_id == null ? null : Number(row.conversation_id),
    started: Number(row?.started ?? 0),
    sent: Number(row?.sent ?? 0),
  };
}

/**
 * The viewer of the prepared reads below: a placeholder bound on each call, so no member's id
 * is ever built into a statement that the next request reuses.
 */
const viewer = bound('viewer');

/** The conversation is the viewer's. */
const viewerInConversation = or(eq(conversations.memberLowId, viewer), eq(conversations.memberHighId, viewer));

/** The conversation's other member, seen from the viewer. */
const partnerOfViewer = sql<IdValue>`case when ${conversations.memberLowId} = ${viewer} then ${conversations.memberHighId} else ${conversations.memberLowId} end`;

/** What the viewer may see of a conversation's messages (messageVisibleTo). */
const visibleToViewer = messageVisibleTo(viewer);

/** The conversation of the pair, if they have one. */
async function findConversationOfPair(db: DbOrTx, a: number, b: number): Promise<number | null> {
  const [low, high] = a < b ? [a, b] : [b, a];
  const [row] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.memberLowId, low), eq(conversations.memberHighId, high)))
    .limit(1);
  return row?.id ?? null;
}

/** The other member of a conversation `memberId` takes part in; null when they are not in it. */
export async function findPartner(db: DbOrTx, conversationId: number, memberId: number): Promise<number | null> {
  const [row] = await prepared(db, 'chat_partner', (d) =>
    d
      .select({ partnerId: partnerOfViewer })
      .from(conversations)
      .where(and(eq(conversations.id, bound('conversation')), viewerInConversation))
      .limit(1),
  ).execute({ conversation: conversationId, viewer: memberId });
  return row ? Number(row.partnerId) : null;
}

/** A conversation seen from one member: who the other is, and what decides the presence they share. */
export interface ConversationPeers {
  partnerId: number;
  /** The viewer's own invisible mode: their presence (typing, reads) then goes to no one. */
  viewerInvisible: boolean;
  /** Either blocked the other. */
  blocked: boolean;
}

/**
 * The other member of a conversation `memberId` takes part in, with the facts presence needs
 * (showsPresenceTo); null when they are not in it. Primary-key lookups only.
 */
export async function findPeers(
  db: DbOrTx,
  conversationId: number,
  memberId: number,
): Promise<ConversationPeers | null> {
  const [row] = await prepared(db, 'chat_peers', (d) =>
    d
      .select({
        partnerId: members.id,
        viewerInvisible: sql<boolean>`(select v.invisible from ${members} v where v.id = ${viewer})`,
        blocked: sql<boolean>`not ${notBlockedWith(viewer, members.id)}`,
      })
      .from(conversations)
      .innerJoin(members, eq(members.id, partnerOfViewer))
      .where(and(eq(conversations.id, bound('conversation')), viewerInConversation))
      .limit(1),
  ).execute({ conversation: conversationId, viewer: memberId });
  return row ? { partnerId: Number(row.partnerId), viewerInvisible: row.viewerInvisible, blocked: row.blocked } : null;
}

interface PeersRow {
  i: number;
  partner_id: number | string;
  viewer_invisible: boolean;
  blocked: boolean;
}

/** A member and a conversation whose peers are looked up (findPeersOfMany). */
export interface PeersLookup {
  memberId: number;
  conversationId: number;
}

/**
 * findPeersOfMany's statement: $1 the conversations, $2 the members, pairwise. A named statement
 * with the lookups as two array values, so each connection plans it once: planned afresh, its
 * planning cost PostgreSQL more than running it, for every batch of typing checks.
 */
const FIND_PEERS_OF_MANY = `
select t.i::int as i, p.id as partner_id, v.invisible as viewer_invisible,
       not ${notBlockedSql('t.viewer', 'p.id')} as blocked
from unnest($1::bigint[], $2::bigint[]) with ordinality as t(conversation, viewer, i)
join conversations c on c.id = t.conversation and t.viewer in (c.member_low_id, c.member_high_id)
join members p on p.id = case when c.member_low_id = t.viewer then c.member_high_id else c.member_low_id end
join members v on v.id = t.viewer`;

/**
 * findPeers for many at once, in their order, in one statement: the typing checks of many tabs
 * cost one round trip rather than one each (decision 0083).
 */
export async function findPeersOfMany(
  db: DbOrTx,
  lookups: readonly PeersLookup[],
): Promise<Array<ConversationPeers | null>> {
  if (lookups.length === 0) return [];
  const rows = await runNamed<PeersRow>(db, 'chat_peers_many', FIND_PEERS_OF_MANY, [
    lookups.map((l) => l.conversationId),
    lookups.map((l) => l.memberId),
  ]);
  const found: Array<ConversationPeers | null> = lookups.map(() => null);
  for (const row of rows) {
    found[row.i - 1] = {
      partnerId: Number(row.partner_id),
      viewerInvisible: row.viewer_invisible,
      blocked: row.blocked,
    };
  }
  return found;
}

/** How many chat messages the member sent: free ones leave a zero ledger row, so all are counted. */
export async function countSentMessages(db: DbOrTx, memberId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(creditLedger)
    .where(and(eq(creditLedger.memberId, memberId), eq(creditLedger.reason, 'message')));
  return row?.n ?? 0;
}

export type CreditReason = (typeof CREDIT_REASONS)[number];

/** What the chat list shows of a conversation's last message. */
export type LastMessage = Pick<MessageRow, 'kind' | 'body' | 'senderId' | 'createdAt'>;

/** A chat list entry before presenting: the conversation, the unread count, the partner's card and the last message. */
export interface ChatListRow {
  conversationId: number;
  unreadCount: number;
  card: CardRow;
  /** The newest message the viewer may see; null when there is none. */
  lastMessage: LastMessage | null;
}

/**
 * The member's chats, newest message first, along conversation_members_list_idx, each with its
 * newest message the member may see (along messages_conversation_idx), in one statement. Chats
 * the member hid, and partners no longer shown to them (shownToContact), are left out.
 */
export function listChats(db: DbOrTx, memberId: number): Promise<ChatListRow[]> {
  return prepared(db, 'chat_list', (d) => {
    const last = d
      .select({
        kind: messages.kind,
        body: messages.body,
        senderId: messages.senderId,
        createdAt: messages.createdAt,
      })
      .from(messages)
      .where(and(eq(messages.conversationId, conversationMembers.conversationId), visibleToViewer))
      .orderBy(desc(messages.id))
      .limit(1)
      .as('last_message');
    return d
      .select({
        conversationId: conversationMembers.conversationId,
        unreadCount: conversationMembers.unreadCount,
        card: cardColumns,
        lastMessage: { kind: last.kind, body: last.body, senderId: last.senderId, createdAt: last.createdAt },
      })
      .from(conversationMembers)
      .innerJoin(conversations, eq(conversations.id, conversationMembers.conversationId))
      .innerJoin(members, eq(members.id, partnerOfViewer))
      .innerJoin(profiles, eq(profiles.memberId, members.id))
      .leftJoin(photos, shownMainPhoto())
      .leftJoinLateral(last, sql`true`)
      .where(
        and(eq(conversationMembers.memberId, viewer), isNull(conversationMembers.hiddenAt), shownToContact(viewer)),
      )
      .orderBy(desc(conversationMembers.lastMessageAt), desc(conversationMembers.conversationId));
  }).execute({ viewer: memberId });
}

/** What opening a chat shows besides its messages, read in one statement. */
export interface ChatHead {
  /** The pair's conversation; null when they have none yet. */
  conversationId: number | null;
  /** The partner's card, whatever became of them (the chat itself stays readable). */
  card: CardRow;
  /** The viewer may write to the partner (findableFor the viewer). */
  reachable: boolean;
  /** The viewer is a paid member. */
  paidUser: boolean;
  /** Chat messages the viewer sent (free ones leave a zero ledger row), counted up to `sentLimit`. */
  sent: number;
  /** The viewer's own invisible mode. */
  viewerInvisible: boolean;
  /** Either blocked the other. */
  blocked: boolean;
  /** When the partner last read the conversation; null before they did, or without a conversation. */
  partnerReadAt: Date | null;
}

/** ChatHead's columns besides the conversation, the partner being `members`. */
const chatHeadColumns = {
  card: cardColumns,
  reachable: sql<boolean>`${findableFor(viewer)}`,
  paidUser: sql<boolean>`(select v.paid_user from ${members} v where v.id = ${viewer})`,
  // Stops at the limit: beyond it the number does not matter, and a long history costs nothing.
  sent: sql<number>`(select count(*)::int from (select 1 from ${creditLedger} l
    where l.member_id = ${viewer} and l.reason = 'message' limit ${bound('sentLimit')}) s)`,
  viewerInvisible: sql<boolean>`(select v.invisible from ${members} v where v.id = ${viewer})`,
  blocked: sql<boolean>`not ${notBlockedWith(viewer, members.id)}`,
  partnerReadAt: sql<Date | null>`(select p.last_read_at from ${conversationMembers} p
    where p.conversation_id = ${conversations.id} and p.member_id = ${members.id})`.mapWith(
    (value: string | Date | null) => (value === null ? null : new Date(value)),
  ),
};

/** The head of the viewer's conversation `conversationId`; null when it is not theirs. */
export async function findChatHead(
  db: DbOrTx,
  conversationId: number,
  viewerId: number,
  sentLimit: number,
): Promise<ChatHead | null> {
  const [row] = await prepared(db, 'chat_head', (d) =>
    d
      .select({ conversationId: conversations.id, ...chatHeadColumns })
      .from(conversations)
      .innerJoin(members, eq(members.id, partnerOfViewer))
      .innerJoin(profiles, eq(profiles.memberId, members.id))
      .leftJoin(photos, shownMainPhoto())
      .where(and(eq(conversations.id, bound('conversation')), viewerInConversation))
      .limit(1),
  ).execute({ conversation: conversationId, viewer: viewerId, sentLimit });
  return row ?? null;
}

/** The head of the viewer's chat with `partnerId`, with or without a conversation yet; null without a card. */
export async function findChatHeadWith(
  db: DbOrTx,
  partnerId: number,
  viewerId: number,
  sentLimit: number,
): Promise<ChatHead | null> {
  const [row] = await prepared(db, 'chat_head_with', (d) =>
    d
      .select({ conversationId: conversations.id, ...chatHeadColumns })
      .from(members)
      .innerJoin(profiles, eq(profiles.memberId, members.id))
      .leftJoin(photos, shownMainPhoto())
      .leftJoin(
        conversations,
        and(
          eq(conversations.memberLowId, sql`least(${viewer}::bigint, ${members.id})`),
          eq(conversations.memberHighId, sql`greatest(${viewer}::bigint, ${members.id})`),
        ),
      )
      .where(eq(members.id, bound('partner')))
      .limit(1),
  ).execute({ partner: partnerId, viewer: viewerId, sentLimit });
  return row ?? null;
}

/**
 * A page of a conversation's messages that the viewer may see, with their gifts, newest first,
 * older than message `before` when given.
 */
export async function listMessages(
  db: DbOrTx,
  conversationId: number,
  viewerId: number,
  before: number | null,
  limit: number,
): Promise<StoredMessage[]> {
  const page = (older: SQL | undefined) => (d: DbOrTx) =>
    d
      .select({ message: messages, gift: { key: gifts.key, name: gifts.name, image: gifts.image } })
      .from(messages)
      .leftJoin(gifts, eq(gifts.key, messages.giftKey))
      .where(and(eq(messages.conversationId, bound('conversation')), visibleToViewer, older))
      .orderBy(desc(messages.id))
      .limit(bound('limit'));
  const values = { conversation: conversationId, viewer: viewerId, limit };
  const rows =
    before === null
      ? await prepared(db, 'chat_messages', page(undefined)).execute(values)
      : await prepared(db, 'chat_messages_before', page(lt(messages.id, bound('before')))).execute({
          ...values,
          before,
        });
  return rows.map((row) => ({ ...row.message, gift: row.gift }));
}

/** A message sent under an idempotency key, and its sender's balance and membership now. */
export interface KeyedMessage {
  message: StoredMessage;
  /** The other member of the message's conversation. */
  partnerId: number;
  credits: number;
  paidUser: boolean;
}

/**
 * The message the sender sent under `clientKey`, with its gift and its conversation's other
 * member, along messages_sender_client_key_idx; with the sender's balance and membership as
 * they are now.
 */
export async function findKeyedMessage(db: DbOrTx, senderId: number, clientKey: string): Promise<KeyedMessage | null> {
  const [row] = await db
    .select({
      message: messages,
      gift: { key: gifts.key, name: gifts.name, image: gifts.image },
      partnerId: sql<IdValue>`case when ${conversations.memberLowId} = ${senderId} then ${conversations.memberHighId} else ${conversations.memberLowId} end`,
      credits: members.credits,
      paidUser: members.paidUser,
    })
    .from(messages)
    .innerJoin(members, eq(members.id, messages.senderId))
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .leftJoin(gifts, eq(gifts.key, messages.giftKey))
    .where(and(eq(messages.senderId, senderId), eq(messages.clientKey, clientKey)))
    .limit(1);
  if (!row) return null;
  const { credits, paidUser } = row;
  return { message: { ...row.message, gift: row.gift }, partnerId: Number(row.partnerId), credits, paidUser };
}

/** The member read the conversation: nothing is unread any more. */
export async function markRead(db: DbOrTx, conversationId: number, memberId: number, at: Date): Promise<void> {
  await prepared(db, 'chat_mark_read', (d) =>
    d
      .update(conversationMembers)
      .set({ unreadCount: 0, lastReadAt: sql`${bound('at')}::timestamptz` })
      .where(
        and(
          eq(conversationMembers.conversationId, bound('conversation')),
          eq(conversationMembers.memberId, bound('member')),
        ),
      ),
  ).execute({ conversation: conversationId, member: memberId, at: at.toISOString() });
}

/** Hides the chat from the member's list; false when the member is not in the conversation. */
export async function hideChat(db: DbOrTx, conversationId: number, memberId: number, at: Date): Promise<boolean> {
  const rows = await db
    .update(conversationMembers)
    .set({ hiddenAt: at })
    .where(and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.memberId, memberId)))
    .returning({ id: conversationMembers.conversationId });
  return rows.length > 0;
}

/** The gifts that can be sent, in display order. */
export function listActiveGifts(db: DbOrTx): Promise<GiftRow[]> {
  return db.select().from(gifts).where(eq(gifts.active, true)).orderBy(asc(gifts.position), asc(gifts.key));
}

/** A gift that can be sent; null for an unknown or withdrawn one. */
export async function findActiveGift(db: DbOrTx, key: string): Promise<GiftRow | null> {
  const [row] = await db
    .select()
    .from(gifts)
    .where(and(eq(gifts.key, key), eq(gifts.active, true)))
    .limit(1);
  return row ?? null;
}

/**
 * What decides whether a sender's account is new (NEW_ACCOUNT_DAYS, NEW_ACCOUNT_MESSAGES): its
 * signup date and its delivered messages, counted along messages_sender_idx up to `cap`.
 */
export async function findSenderHistory(
  db: DbOrTx,
  senderId: number,
  cap: number,
): Promise<{ signupDate: Date; sent: number } | null> {
  const [row] = await db
    .select({
      signupDate: members.signupDate,
      sent: sql<number>`(select count(*)::int from (select 1 from ${messages} m
        where m.sender_id = ${senderId} and m.held_reason is null limit ${cap}) s)`,
    })
    .from(members)
    .where(eq(members.id, senderId))
    .limit(1);
  return row ?? null;
}

/**
 * The texts of the opening messages the sender wrote since `since`, one per conversation they
 * started: their messages along messages_sender_idx, kept when no message came before.
 */
export async function listOpeningTexts(db: DbOrTx, senderId: number, since: Date): Promise<string[]> {
  const rows = await db
    .select({ body: messages.body })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(
      and(
        eq(messages.senderId, senderId),
        gte(messages.createdAt, since),
        eq(messages.kind, 'text'),
        eq(conversations.startedBy, senderId),
        sql`not exists (select 1 from ${messages} e where e.conversation_id = ${messages.conversationId} and e.id < ${messages.id})`,
      ),
    );
  return rows.map((row) => row.body);
}

/** Clears a message's hold; null when it is not held (released, dropped or never held). */
export async function releaseMessage(db: DbOrTx, messageId: number): Promise<MessageRow | null> {
  const [row] = await db
    .update(messages)
    .set({ heldReason: null })
    .where(and(eq(messages.id, messageId), isNotNull(messages.heldReason)))
    .returning();
  return row ?? null;
}

/** Deletes a held message; false when it is not held. */
export async function deleteHeldMessage(db: DbOrTx, messageId: number): Promise<boolean> {
  const rows = await db
    .delete(messages)
    .where(and(eq(messages.id, messageId), isNotNull(messages.heldReason)))
    .returning({ id: messages.id });
  return rows.length > 0;
}

/**
 * A message reaches the recipient late (a released one): their list entry, made when it was
 * never made, moves to the top, shows again if hidden and counts one more unread message.
 */
export async function listForRecipient(
  db: DbOrTx,
  conversationId: number,
  recipientId: number,
  at: Date,
): Promise<void> {
  await db
    .insert(conversationMembers)
    .values({ conversationId, memberId: recipientId, unreadCount: 1, lastMessageAt: at })
    .onConflictDoUpdate({
      target: [conversationMembers.conversationId, conversationMembers.memberId],
      set: { unreadCount: sql`${conversationMembers.unreadCount} + 1`, lastMessageAt: at, hiddenAt: null },
    });
}

/** Whether the conversation has a message its recipient got, other than `messageId`. */
export async function hasOtherDeliveredMessage(
  db: DbOrTx,
  conversationId: number,
  messageId: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, conversationId),
        sql`${messages.id} <> ${messageId}`,
        isNull(messages.heldReason),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Whether the member is shadow-banned. */
export async function isShadowBanned(db: DbOrTx, memberId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.id, memberId), isNotNull(members.shadowBannedAt)))
    .limit(1);
  return row !== undefined;
}
