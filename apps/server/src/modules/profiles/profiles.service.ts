import { randomInt } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  photoReviewMode,
  type Geocode,
  type OwnProfile,
  type Photo,
  type PhotosUpdateBody,
  type ProfileUpdateBody,
} from '@app/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import { AppError, authenticationRequired, notFound, validationFailed } from '../../errors.js';
import { reverseGeocode } from '../../platform/geo/index.js';
import { photoKey, type MediaStorage, type PhotoVariant } from '../../platform/storage/index.js';
import { processUpload } from '../media/media.images.js';
import { containsContactDetails } from '../chat/spam.rules.js';
import type { SettingsService } from '../settings/settings.service.js';
import { presentOwnProfile, presentPhoto } from './profiles.presenter.js';
import {
  arrangePhotos,
  clearHeldAbout,
  deletePhotoRow,
  existingInterestIds,
  findOwnProfile,
  findViewer,
  insertPhoto,
  listInterestIds,
  listPhotos,
  lockMember,
  regionCountry,
  regionIdByCode,
  releaseHeldAboutText,
  replaceInterests,
  updateProfileRow,
  profileColumnChanges,
  type ProfileChanges,
  type ViewerRow,
} from './profiles.repository.js';
import { isPermutation, photoLimit, profileUpdateProblems, uploadReview } from './profiles.rules.js';
import type { PhotoRow } from '../../db/schema/index.js';

export interface ProfilesServiceDeps {
  db: Db;
  settings: Pick<SettingsService, 'settingsForDomain'>;
  /** Where the photo variants are written. */
  storage: MediaStorage;
  log: FastifyBaseLogger;
  now?: () => Date;
}

export type ProfilesService = ReturnType<typeof createProfilesService>;

const VARIANTS: readonly PhotoVariant[] = ['main', 'thumb', 'match'];
const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** A storage id for a new photo: 16 random lowercase letters and digits (about 82 bits). */
function newStorageId(): string {
  return Array.from({ length: 16 }, () => ID_ALPHABET[randomInt(ID_ALPHABET.length)]).join('');
}

export const photoNotFound = () => new AppError(404, 'photo_not_found');
export const photoLimitReached = (limit: number) => new AppError(409, 'photo_limit_reached', undefined, { limit });
export const geocodeNotFound = () => new AppError(404, 'geocode_not_found');

/** The photo that stays the member's picture: the marked one, else the first. */
function mainOf(rows: readonly PhotoRow[]): number | null {
  return (rows.find((p) => p.isMain) ?? rows[0])?.id ?? null;
}

/**
 * The viewer's own side for matching others (see findViewer), in the caller's transaction: the
 * auto-like and the swipe game read it under the pair's row locks.
 */
export function viewerProfile(tx: DbOrTx, viewerId: number): Promise<ViewerRow | null> {
  return findViewer(tx, viewerId);
}

/**
 * The profile columns an edit sets from the fields sent. A member's about text with contact
 * details waits for review (others keep seeing the old text until staff release it); staff
 * write theirs as they are.
 */
export function profileEditChanges(
  body: ProfileUpdateBody,
  current: { country: string },
  by: 'member' | 'staff',
): ProfileChanges {
  const changes = profileColumnChanges(body);
  if (body.about !== undefined) {
    if (by === 'member' && containsContactDetails(body.about)) changes.aboutHeld = body.about;
    else Object.assign(changes, { about: body.about, aboutHeld: null });
  }
  // A region belongs to one country: a new country without a region leaves none chosen.
  if (body.country !== undefined && body.country !== current.country && body.region_id === undefined) {
    changes.regionId = null;
  }
  return changes;
}

/**
 * Writes a profile edit in the caller's transaction: its columns, and its interests when sent
 * (a member's own edit, and staff creating or editing a site-run profile).
 */
export async function writeProfileEdit(
  tx: DbOrTx,
  memberId: number,
  edit: { changes: ProfileChanges; interests?: readonly number[] | undefined },
): Promise<void> {
  await updateProfileRow(tx, memberId, edit.changes);
  if (edit.interests) await replaceInterests(tx, memberId, edit.interests);
}

/**
 * The member's own profile, photos and geocoding (spec sections 2, 3 and 7). Every call acts
 * for the logged-in member only; the member id comes from the session.
 */
export function createProfilesService(deps: ProfilesServiceDeps) {
  const { db, storage, log } = deps;
  const now = deps.now ?? (() => new Date());

  async function mustFind(memberId: number) {
    const row = await findOwnProfile(db, memberId);
    if (!row) throw authenticationRequired();
    return row;
  }

  async function cdnPrefixOf(domain: string): Promise<string> {
    return (await deps.settings.settingsForDomain(domain)).cdn_prefix;
  }

  async function photosOf(memberId: number, domain: string): Promise<Photo[]> {
    const [rows, cdnPrefix] = await Promise.all([listPhotos(db, memberId), cdnPrefixOf(domain)]);
    return rows.map((row) => presentPhoto(row, cdnPrefix));
  }

  async function removeFiles(keys: readonly string[]): Promise<void> {
    for (const key of keys) {
      await storage.delete(key).catch((err: unknown) => log.error({ err, key }, 'could not remove a photo file'));
    }
  }

  /**
   * The problems of a profile edit by the rules of the profile's site: a member's own edit, or
   * staff's of a site-run profile. `profile` is the profile as it stands (a new one: as sent).
   */
  async function editProblems(
    body: ProfileUpdateBody,
    profile: { email: string; domain: string; country: string },
    today: Date,
  ) {
    const settings = await deps.settings.settingsForDomain(profile.domain);
    return profileUpdateProblems(body, {
      email: profile.email,
      minAge: settings.min_age,
      countries: settings.countries,
      currentCountry: profile.country,
      regionCountry: typeof body.region_id === 'number' ? await regionCountry(db, body.region_id) : null,
      knownInterestIds: await existingInterestIds(db, body.interests ?? []),
      today,
    });
  }

  async function getProfile(memberId: number): Promise<OwnProfile> {
    const { member, profile } = await mustFind(memberId);
    const [photos, interestIds, cdnPrefix] = await Promise.all([
      listPhotos(db, memberId),
      listInterestIds(db, memberId),
      cdnPrefixOf(member.domain),
    ]);
    return presentOwnProfile(member, profile, photos, interestIds, { cdnPrefix, today: now() });
  }

  return {
    getProfile,
    editProblems,

    /** The viewer's own side for matching others (see findViewer); null once deleted. */
    viewer(viewerId: number): Promise<ViewerRow | null> {
      return findViewer(db, viewerId);
    },

    /** The member's interests, by id. */
    interestIds(memberId: number): Promise<number[]> {
      return listInterestIds(db, memberId);
    },

    /** The country of a region, or null when no region has that id. */
    regionCountry(regionId: number): Promise<string | null> {
      return regionCountry(db, regionId);
    },

    /** The member's photos in display order, whatever their review state (the owner's view). */
    photos: photosOf,

    /** Staff release a held about text: it becomes the public one. 404 when none is held. */
    async releaseHeldAbout(memberId: number): Promise<void> {
      if (!(await releaseHeldAboutText(db, memberId))) throw notFound();
    },

    /** Staff reject a held about text: it is dropped and the public one stays. 404 when none is held. */
    async rejectHeldAbout(memberId: number): Promise<void> {
      if (!(await clearHeldAbout(db, memberId))) throw notFound();
    },

    /** Saves the fields sent; the whole update is refused when any field breaks a rule. */
    async updateProfile(memberId: number, body: ProfileUpdateBody): Promise<OwnProfile> {
      const { member, profile } = await mustFind(memberId);
      const problems = await editProblems(
        body,
        { email: member.email, domain: member.domain, country: profile.country },
        now(),
      );
      if (Object.keys(problems).length > 0) throw validationFailed(problems);
      const changes = profileEditChanges(body, profile, 'member');
      await db.transaction((tx) => writeProfileEdit(tx, memberId, { changes, interests: body.interests }));
      return getProfile(memberId);
    },

    /**
     * Stores an uploaded photo: checked and re-encoded first (nothing is written for a refused
     * upload), then the files, then the row inside a transaction that holds the member's row
     * lock, so parallel uploads cannot pass the limit. Written files are removed again when the
     * row cannot be added.
     */
    async uploadPhoto(memberId: number, data: Buffer): Promise<Photo[]> {
      const { member } = await mustFind(memberId);
      const review = uploadReview(
        member.fictional,
        photoReviewMode(await deps.settings.settingsForDomain(member.domain)),
      );
      const limit = photoLimit(member.paidUser);
      // Refuse early, before the costly decoding; the transaction below checks again.
      if ((await listPhotos(db, memberId)).length >= limit) throw photoLimitReached(limit);

      const variants = await processUpload(data);
      const id = newStorageId();
      const keys = { main: photoKey(id, 'main'), thumb: photoKey(id, 'thumb'), match: photoKey(id, 'match') };
      const written: string[] = [];
      try {
        for (const variant of VARIANTS) {
          await storage.put(keys[variant], variants[variant], 'image/webp');
          written.push(keys[variant]);
        }
        await db.transaction(async (tx) => {
          const locked = await lockMember(tx, memberId);
          if (!locked) throw authenticationRequired();
          const current = await listPhotos(tx, memberId);
          const lockedLimit = photoLimit(locked.paidUser);
          if (current.length >= lockedLimit) throw photoLimitReached(lockedLimit);
          await insertPhoto(tx, {
            memberId,
            position: current.length === 0 ? 0 : Math.max(...current.map((p) => p.position)) + 1,
            isMain: mainOf(current) === null,
            filename: keys.main,
            thumbFilename: keys.thumb,
            matchFilename: keys.match,
            review,
          });
        });
      } catch (error) {
        await removeFiles(written);
        throw error;
      }
      return photosOf(memberId, member.domain);
    },

    /** Chooses the main photo and/or puts the photos in a new order. */
    async updatePhotos(memberId: number, body: PhotosUpdateBody): Promise<Photo[]> {
      const { member } = await mustFind(memberId);
      await db.transaction(async (tx) => {
        await lockMember(tx, memberId);
        const current = await listPhotos(tx, memberId);
        const ids = current.map((p) => p.id);
        if (body.main !== undefined && !ids.includes(body.main)) throw photoNotFound();
        if (body.order !== undefined && !isPermutation(body.order, ids)) {
          throw validationFailed({ order: 'photo_order_invalid' });
        }
        await arrangePhotos(tx, memberId, body.order ?? ids, body.main ?? mainOf(current));
      });
      return photosOf(memberId, member.domain);
    },

    /** Deletes a photo and its files; the first remaining photo becomes main when it was. */
    async deletePhoto(memberId: number, photoId: number): Promise<Photo[]> {
      const { member } = await mustFind(memberId);
      const removed = await db.transaction(async (tx) => {
        await lockMember(tx, memberId);
        const current = await listPhotos(tx, memberId);
        const photo = current.find((p) => p.id === photoId);
        if (!photo) throw photoNotFound();
        await deletePhotoRow(tx, memberId, photoId);
        const rest = current.filter((p) => p.id !== photoId);
        await arrangePhotos(
          tx,
          memberId,
          rest.map((p) => p.id),
          mainOf(rest),
        );
        return photo;
      });
      // After the commit: a file removal that fails leaves an unused file, never a broken photo.
      await removeFiles([removed.filename, removed.thumbFilename, removed.matchFilename]);
      return photosOf(memberId, member.domain);
    },

    /**
     * The place of a position for the member's site: the nearest town, its region in our table
     * and the town's coordinates. Not found at sea, far from towns, or in a country the site
     * does not serve.
     */
    async geocode(memberId: number, latitude: number, longitude: number): Promise<Geocode> {
      const { member } = await mustFind(memberId);
      const place = reverseGeocode(latitude, longitude);
      if (!place) throw geocodeNotFound();
      const settings = await deps.settings.settingsForDomain(member.domain);
      const country = settings.countries.find((c) => c === place.country);
      if (!country) throw geocodeNotFound();
      return {
        country,
        region_id: place.regionCode ? await regionIdByCode(db, place.regionCode) : null,
        city: place.city,
        latitude: place.latitude,
        longitude: place.longitude,
      };
    },
  };
}
