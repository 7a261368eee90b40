import { complaintReference } from '@app/shared';
import type {
  AccountRow,
  BlockExportRow,
  ComplaintExportRow,
  ConversationExportRow,
  LedgerRow,
  LikesExport,
  VisitsExport,
  MessageExportRow,
  OrderExportRow,
  PhotoRow,
  ProfileExportRow,
  ReportExportRow,
  TrackingRow,
} from './data-export.repository.js';

/*
 * Each file of the export, mapped field by field: a column added to a table later stays out of
 * the export until someone decides it belongs there. Dates are ISO 8601 in UTC, amounts in
 * cents, and another member is only ever their id and profile name.
 */

const iso = (date: Date | null) => (date ? date.toISOString() : null);
const other = (id: number, name: string | null | undefined) => ({ id, name: name ?? null });

/** profile.json: the account, the signup's tracking record, the profile and the photos. */
export function presentProfileFile(input: {
  account: AccountRow;
  tracking: TrackingRow | null;
  profile: ProfileExportRow | null;
  interests: string[];
  photos: Array<{ row: PhotoRow; file: string | null }>;
}) {
  const { account, tracking, profile } = input;
  const p = profile?.profile;
  return {
    account: {
      id: account.id,
      email: account.email,
      language: account.language,
      site: account.domain,
      signup_date: iso(account.signupDate),
      status: account.status,
      credits: account.credits,
      paid_user: account.paidUser,
      invisible: account.invisible,
      notifications_off: account.notificationsOff,
      notifications_stopped: account.notificationsDisabled,
    },
    tracking: tracking
      ? {
          network: tracking.network,
          ref: tracking.ref,
          sub1: tracking.sub1,
          sub2: tracking.sub2,
          sub3: tracking.sub3,
          landing: tracking.landing,
          recorded_at: iso(tracking.createdAt),
        }
      : null,
    profile: p
      ? {
          name: p.name,
          gender: p.gender,
          sexuality: p.sexuality,
          birth_date: p.birthDate,
          country: p.country,
          region: profile.regionName,
          city: p.city,
          latitude: p.latitude,
          longitude: p.longitude,
          about: p.about,
          about_awaiting_review: p.aboutHeld,
          hair_color: p.hairColor,
          eye_color: p.eyeColor,
          body_type: p.bodyType,
          relationship_status: p.relationshipStatus,
          tattoos: p.tattoos,
          reason: p.reason,
          status: p.status,
          last_active_at: iso(p.lastActiveAt),
          interests: input.interests,
        }
      : null,
    photos: input.photos.map(({ row, file }) => ({
      id: row.id,
      position: row.position,
      main: row.isMain,
      review: row.review,
      uploaded_at: iso(row.createdAt),
      file,
    })),
  };
}

/** messages.json: every conversation with every message the member sent or received. */
export function presentMessagesFile(
  memberId: number,
  conversations: ConversationExportRow[],
  messages: MessageExportRow[],
) {
  const byConversation = new Map<number, MessageExportRow[]>();
  for (const m of messages) byConversation.set(m.conversationId, [...(byConversation.get(m.conversationId) ?? []), m]);
  return {
    conversations: conversations.map((c) => ({
      id: c.id,
      member: other(c.partnerId, c.partnerName),
      started_by_me: c.startedBy === memberId,
      started_at: iso(c.createdAt),
      messages: (byConversation.get(c.id) ?? []).map((m) => ({
        id: m.id,
        from_me: m.senderId === memberId,
        at: iso(m.createdAt),
        kind: m.kind,
        body: m.body,
        gift: m.giftKey,
        image: m.imageKey !== null,
        credits: m.credits,
      })),
    })),
  };
}

/** orders.json: orders with their amounts and direct-debit details. */
export function presentOrdersFile(rows: OrderExportRow[]) {
  return {
    orders: rows.map(({ order, directDebit }) => ({
      id: order.id,
      credits: order.credits,
      method: order.method,
      currency: order.currency,
      amount: order.amount,
      list_amount: order.listAmount,
      discount_code: order.discountCode,
      discount_percentage: order.discountPercentage,
      status: order.status,
      provider: order.provider,
      repeat: order.repeat,
      created_at: iso(order.createdAt),
      completed_at: iso(order.completedAt),
      direct_debit: directDebit
        ? {
            account_holder: directDebit.accountHolder,
            iban: directDebit.iban,
            street: directDebit.street,
            house_number: directDebit.houseNumber,
            zip: directDebit.zip,
            city: directDebit.city,
            phone: directDebit.phone,
            confirmed_at: iso(directDebit.confirmedAt),
          }
        : null,
    })),
  };
}

/** credits.json: the balance and every change of it. */
export function presentCreditsFile(balance: number, rows: LedgerRow[]) {
  return {
    balance,
    ledger: rows.map((r) => ({
      id: r.id,
      at: iso(r.createdAt),
      delta: r.delta,
      reason: r.reason,
      balance_after: r.balanceAfter,
      order_id: r.orderId,
      message_id: r.messageId,
    })),
  };
}

/** consents.json: terms accepted with orders, e-mail choices, and devices subscribed to pushes. */
export function presentConsentsFile(account: AccountRow, orders: OrderExportRow[], pushDates: Date[]) {
  return {
    terms_accepted_with_orders: orders.map(({ order }) => ({
      order_id: order.id,
      terms_version: iso(order.termsVersion),
      accepted_at: iso(order.termsAcceptedAt),
    })),
    email_notifications_off: account.notificationsOff,
    email_notifications_stopped: account.notificationsDisabled,
    push_subscriptions: pushDates.map((date) => ({ subscribed_at: iso(date) })),
  };
}

/** likes.json: likes given and received. */
export function presentLikesFile({ given, received, names }: LikesExport) {
  return {
    given: given.map((l) => ({
      member: other(l.likedId, names.get(l.likedId)),
      at: iso(l.createdAt),
      source: l.source,
      matched_at: iso(l.matchedAt),
    })),
    received: received.map((l) => ({
      member: other(l.likerId, names.get(l.likerId)),
      at: iso(l.createdAt),
      seen_at: iso(l.seenAt),
      matched_at: iso(l.matchedAt),
    })),
  };
}

/** visits.json: profiles the member opened, and when (and how often) theirs was opened. */
export function presentVisitsFile({ made, received, names }: VisitsExport) {
  return {
    made: made.map((v) => ({
      member: other(v.viewedId, names.get(v.viewedId)),
      last_at: iso(v.lastAt),
      count: v.count,
    })),
    received: received.map((v) => ({ last_at: iso(v.lastAt), count: v.count })),
  };
}

/** blocks.json: the members the member blocked. */
export function presentBlocksFile(rows: BlockExportRow[]) {
  return { blocked: rows.map((r) => ({ member: other(r.blockedId, r.name), at: iso(r.createdAt) })) };
}

/** reports.json: the reports the member filed, without staff's notes. */
export function presentReportsFile(rows: ReportExportRow[]) {
  return {
    reports: rows.map((r) => ({
      id: r.id,
      member: other(r.memberId, r.name),
      message_id: r.messageId,
      reason: r.reason,
      note: r.note,
      status: r.status,
      at: iso(r.createdAt),
    })),
  };
}

/** complaints.json: the complaints the member sent while logged in. */
export function presentComplaintsFile(rows: ComplaintExportRow[]) {
  return {
    complaints: rows.map((r) => ({
      id: r.id,
      reference: complaintReference(r.id),
      site: r.domain,
      language: r.language,
      name: r.name,
      email: r.email,
      topic: r.topic,
      subject: r.subject,
      message: r.message,
      status: r.status,
      at: iso(r.createdAt),
    })),
  };
}
