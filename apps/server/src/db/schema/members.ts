import { sql } from 'drizzle-orm';
import { OFF_BY_DEFAULT_NOTIFICATION_TYPES } from '@app/shared';
import {
  type AnyPgColumn,
  bigserial,
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { interests, regions } from './reference.js';

/** An account: credentials, balance and membership. The profile is what others see. */
export const members = pgTable(
  'members',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    status: text('status', { enum: ['confirmed', 'not_confirmed'] })
      .notNull()
      .default('not_confirmed'),
    credits: integer('credits').notNull().default(0),
    paidUser: boolean('paid_user').notNull().default(false),
    /** Set when too many wrong direct-debit SMS codes were entered: no more direct debit. */
    directDebitBlockedAt: timestamp('direct_debit_blocked_at', { withTimezone: true }),
    language: text('language').notNull().default('nl'),
    domain: text('domain').notNull(),
    fictional: boolean('fictional').notNull().default(false),
    invisible: boolean('invisible').notNull().default(false),
    notificationsDisabled: text('notifications_disabled').array().notNull().default([]),
    /**
     * Notification types the member switched off; every other type is on. The marketing mails
     * and visits start off (OFF_BY_DEFAULT_NOTIFICATION_TYPES: a member opts in to them), so a new
     * member's list holds them; members from before keep their marketing choice.
     */
    notificationsOff: text('notifications_off')
      .array()
      .notNull()
      .default([...OFF_BY_DEFAULT_NOTIFICATION_TYPES]),
    signupDate: timestamp('signup_date', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** Why the member deleted the account (DELETE_REASONS) and what they added, for the operator. */
    deleteReason: text('delete_reason'),
    deleteNote: text('delete_note'),
    /**
     * The address as one mailbox: lowercase, without +tags, and for Gmail without dots. One
     * account per mailbox; a ban records it in banned_emails.
     */
    emailKey: text('email_key'),
    /** Banned by staff: logged out, cannot log in, sees the reason on /pages/ban. */
    bannedAt: timestamp('banned_at', { withTimezone: true }),
    banReason: text('ban_reason'),
    /**
     * Shadow-banned: the member can go on using the site, but nobody sees their profile or
     * gets their messages. Set by staff or automatically after repeated reports (pending review).
     */
    shadowBannedAt: timestamp('shadow_banned_at', { withTimezone: true }),
    shadowBanReason: text('shadow_ban_reason'),
  },
  (t) => [
    uniqueIndex('members_email_idx').on(sql`lower(${t.email})`),
    uniqueIndex('members_email_key_idx').on(t.emailKey),
    // The dashboard's signups per day.
    index('members_signup_date_idx').on(t.signupDate),
    check('members_credits_nonnegative', sql`${t.credits} >= 0`),
    // The erase job looks for accounts deleted longer ago than the reactivation period.
    index('members_deleted_idx')
      .on(t.deletedAt)
      .where(sql`${t.deletedAt} is not null`),
  ],
);

/** The public side of a member. */
export const profiles = pgTable(
  'profiles',
  {
    memberId: bigint('member_id', { mode: 'number' })
      .primaryKey()
      .references(() => members.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    gender: text('gender', { enum: ['male', 'female'] }).notNull(),
    sexuality: text('sexuality', { enum: ['hetero', 'gay', 'lesbian', 'bi'] }).notNull(),
    birthDate: date('birth_date', { mode: 'string' }).notNull(),
    country: text('country').notNull(),
    regionId: integer('region_id').references(() => regions.id),
    city: text('city'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    about: text('about').notNull().default(''),
    /** A new about-me text held back for review (links, addresses, phone numbers); not public. */
    aboutHeld: text('about_held'),
    hairColor: text('hair_color'),
    eyeColor: text('eye_color'),
    bodyType: text('body_type'),
    relationshipStatus: text('relationship_status'),
    tattoos: text('tattoos'),
    reason: text('reason'),
    status: text('status', { enum: ['active', 'disabled'] })
      .notNull()
      .default('disabled'),
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The verified badge: the photo a moderator compared the verification selfie with (the main
     * photo at approval). Deleting that photo clears it (ON DELETE SET NULL), so the badge holds
     * exactly while the checked photo is still one of the member's.
     */
    verifiedPhotoId: bigint('verified_photo_id', { mode: 'number' }).references((): AnyPgColumn => photos.id, {
      onDelete: 'set null',
    }),
    /**
     * The outcome of the member's last verification request until they have seen it in the app
     * (the notice on member pages, or /profile's panel): set by the decision, cleared once seen
     * on any device or by a new request. On the profile, so user.php reads it in its one row.
     */
    verificationNotice: text('verification_notice', { enum: ['approved', 'rejected'] }),
  },
  (t) => [
    // Supports the member search: filters on country, gender and age among active profiles.
    index('profiles_search_idx').on(t.status, t.country, t.gender, t.birthDate),
    // The member search's keyset order (most recently active first, id tiebreak) within a
    // country; gender, age and region are checked inside the index, so a page reads only its
    // index entries plus one heap row per card. Active profiles only.
    index('profiles_browse_idx')
      .on(t.country, t.lastActiveAt.desc(), t.memberId.desc(), t.gender, t.birthDate, t.regionId)
      .where(sql`status = 'active'`),
    // The same order within one region: a region search walks only its region's entries.
    index('profiles_region_browse_idx')
      .on(t.regionId, t.lastActiveAt.desc(), t.memberId.desc(), t.gender, t.birthDate)
      .where(sql`status = 'active'`),
    index('profiles_region_idx').on(t.regionId),
    // The search's 'verified only': profiles_browse_idx's order over verified active profiles.
    index('profiles_verified_browse_idx')
      .on(t.country, t.lastActiveAt.desc(), t.memberId.desc(), t.gender, t.birthDate, t.regionId)
      .where(sql`status = 'active' and verified_photo_id is not null`),
    // Deleting a photo finds the profile whose badge it carries.
    index('profiles_verified_photo_idx')
      .on(t.verifiedPhotoId)
      .where(sql`verified_photo_id is not null`),
  ],
);

export const profileInterests = pgTable(
  'profile_interests',
  {
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    interestId: integer('interest_id')
      .notNull()
      .references(() => interests.id),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.interestId] }),
    index('profile_interests_interest_idx').on(t.interestId),
  ],
);

/** A member's photo: the stored files are always re-encoded versions, never the upload. */
export const photos = pgTable(
  'photos',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    isMain: boolean('is_main').notNull().default(false),
    filename: text('filename').notNull(),
    thumbFilename: text('thumb_filename').notNull(),
    matchFilename: text('match_filename').notNull(),
    /**
     * Staff review: with settings.photo_review 'before' a new photo is 'pending' and hidden until
     * approved; with 'after' it shows at once and still waits in the queue ('pending_live').
     */
    review: text('review', { enum: ['approved', 'pending', 'pending_live', 'rejected'] })
      .notNull()
      .default('approved'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('photos_member_idx').on(t.memberId, t.position),
    index('photos_review_idx')
      .on(t.createdAt)
      .where(sql`${t.review} in ('pending', 'pending_live')`),
  ],
);

/**
 * Who blocked whom (spec sections 2 and 6). One-sided: the blocked member can no longer see or
 * contact the blocker, and lists keep the pair apart both ways. The primary key answers
 * "did A block B" and the blocker's list; blocks_blocked_idx answers "who blocked me".
 */
export const blocks = pgTable(
  'blocks',
  {
    blockerId: bigint('blocker_id', { mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    blockedId: bigint('blocked_id', { mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index('blocks_blocked_idx').on(t.blockedId),
    check('blocks_not_self', sql`${t.blockerId} <> ${t.blockedId}`),
  ],
);

/** A photo as stored; what others may see of it is the directory's rule. */
export type PhotoRow = typeof photos.$inferSelect;
