import { randomBytes } from 'node:crypto';
import {
  emailKey,
  type Photo,
  type SiteProfile,
  type SiteProfileCreateBody,
  type SiteProfileListResponse,
  type SiteProfilePhotosBody,
  type SiteProfileUpdateBody,
} from '@app/shared';
import type { Db } from '../../db/client.js';
import { notFound, validationFailed } from '../../errors.js';
import { mediaUrl } from '../../platform/storage/index.js';
import { ageOn } from '../accounts/accounts.rules.js';
import { photoLimit } from '../profiles/profiles.rules.js';
import { profileEditChanges, writeProfileEdit, type ProfilesService } from '../profiles/profiles.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import { findSiteProfile, insertSiteProfile, listSiteProfiles } from './site-profiles.repository.js';
import type { StaffActor, StaffService } from './staff.service.js';

export interface SiteProfilesServiceDeps {
  db: Db;
  staff: Pick<StaffService, 'audit'>;
  settings: Pick<SettingsService, 'resolveSite' | 'settingsForDomain'>;
  /** The members' own profile rules and photo pipeline, reused for the site-run profiles. */
  profiles: Pick<
    ProfilesService,
    'editProblems' | 'interestIds' | 'photos' | 'uploadPhoto' | 'updatePhotos' | 'deletePhoto'
  >;
  now?: () => Date;
}

export type SiteProfilesService = ReturnType<typeof createSiteProfilesService>;

const PAGE = 50;

/** An address nobody can receive mail at (RFC 2606 .invalid), unique per profile. */
function placeholderEmail(): string {
  return `site-profile-${randomBytes(8).toString('hex')}@fictional.invalid`;
}

/**
 * Not an argon2 hash, so verifyPassword never matches it: nobody can log in as a site-run
 * profile; staff answer for it through the console's inbox.
 */
function unusablePasswordHash(): string {
  return `!site-run:${randomBytes(24).toString('hex')}`;
}

/**
 * The site-run (fictional) profiles: created, edited and given photos by staff with the
 * 'content' permission. Every row made here is fictional; every change is audited.
 */
export function createSiteProfilesService(deps: SiteProfilesServiceDeps) {
  const { db, staff, settings, profiles } = deps;
  const now = deps.now ?? (() => new Date());

  async function mustFind(id: number) {
    const row = await findSiteProfile(db, id);
    if (!row) throw notFound();
    return row;
  }

  async function present(id: number): Promise<SiteProfile> {
    const { member, profile, waiting } = await mustFind(id);
    const [photos, interests] = await Promise.all([profiles.photos(id, member.domain), profiles.interestIds(id)]);
    return {
      id: member.id,
      domain: member.domain,
      fictional: true,
      name: profile.name,
      gender: profile.gender,
      sexuality: profile.sexuality,
      birth_date: profile.birthDate,
      age: ageOn(profile.birthDate, now()),
      about: profile.aboutHeld ?? profile.about,
      country: profile.country,
      region_id: profile.regionId,
      city: profile.city,
      hair_color: profile.hairColor as SiteProfile['hair_color'],
      eye_color: profile.eyeColor as SiteProfile['eye_color'],
      body_type: profile.bodyType as SiteProfile['body_type'],
      relationship_status: profile.relationshipStatus as SiteProfile['relationship_status'],
      tattoos: profile.tattoos as SiteProfile['tattoos'],
      reason: profile.reason as SiteProfile['reason'],
      interests,
      photos,
      photo_limit: photoLimit(member.paidUser),
      waiting,
    };
  }

  return {
    /** The list, newest first, with each profile's main thumbnail and waiting conversations. */
    async list(before: number | undefined): Promise<SiteProfileListResponse> {
      const rows = await listSiteProfiles(db, before, PAGE + 1);
      const page = rows.slice(0, PAGE);
      const prefixes = new Map<string, string>();
      for (const domain of new Set(page.map((r) => r.domain))) {
        prefixes.set(domain, (await settings.settingsForDomain(domain)).cdn_prefix);
      }
      return {
        profiles: page.map((r) => ({
          id: r.id,
          domain: r.domain,
          name: r.name,
          gender: r.gender,
          age: ageOn(r.birthDate, now()),
          country: r.country,
          city: r.city,
          thumb_url: r.thumb ? mediaUrl(prefixes.get(r.domain) ?? '', r.thumb) : null,
          waiting: r.waiting,
          fictional: true as const,
        })),
        next: rows.length > PAGE ? page[page.length - 1]!.id : null,
      };
    },

    get: present,

    /**
     * A new site-run profile: a confirmed member of the site without credits, whose password
     * can never match, and its active profile. Checked like a member's own profile edit.
     */
    async create(actor: StaffActor, body: SiteProfileCreateBody): Promise<SiteProfile> {
      const domain = body.domain.toLowerCase();
      const { site } = await settings.resolveSite({ forcedDomain: domain });
      if (site.domain !== domain) throw validationFailed({ domain: 'field_invalid_option' });
      const { domain: _domain, interests, ...fields } = body;
      const email = placeholderEmail();
      const problems = await profiles.editProblems(body, { email, domain, country: body.country }, now());
      if (Object.keys(problems).length > 0) throw validationFailed(problems);

      const changes = profileEditChanges(fields, body, 'staff');
      const id = await db.transaction(async (tx) => {
        const memberId = await insertSiteProfile(
          tx,
          {
            email,
            emailKey: emailKey(email),
            passwordHash: unusablePasswordHash(),
            status: 'confirmed',
            credits: 0,
            language: site.settings.domain_language,
            domain,
          },
          {
            ...changes,
            name: body.name,
            gender: body.gender,
            sexuality: body.sexuality,
            birthDate: body.birth_date,
            country: body.country,
            status: 'active',
          },
        );
        // The columns went in with the row: only the interests are left to write.
        await writeProfileEdit(tx, memberId, { changes: {}, interests });
        return memberId;
      });
      await staff.audit(actor, {
        action: 'site_profile.create',
        targetType: 'member',
        targetId: id,
        details: { name: body.name, domain },
      });
      return present(id);
    },

    /** Saves the fields sent; refused as a whole when one breaks a rule. */
    async update(actor: StaffActor, body: SiteProfileUpdateBody): Promise<SiteProfile> {
      const { id, ...fields } = body;
      const { member, profile } = await mustFind(id);
      const problems = await profiles.editProblems(
        fields,
        { email: member.email, domain: member.domain, country: profile.country },
        now(),
      );
      if (Object.keys(problems).length > 0) throw validationFailed(problems);
      const changes = profileEditChanges(fields, profile, 'staff');
      await db.transaction((tx) => writeProfileEdit(tx, id, { changes, interests: fields.interests }));
      await staff.audit(actor, {
        action: 'site_profile.update',
        targetType: 'member',
        targetId: id,
        details: { fields: Object.keys(fields).sort() },
      });
      return present(id);
    },

    /** A new photo through the members' pipeline (checks, re-encoding, limit); approved at once. */
    async uploadPhoto(actor: StaffActor, id: number, data: Buffer): Promise<Photo[]> {
      await mustFind(id);
      const photos = await profiles.uploadPhoto(id, data);
      await staff.audit(actor, {
        action: 'site_profile.photo_upload',
        targetType: 'member',
        targetId: id,
        details: { photo_id: Math.max(...photos.map((p) => p.id)) },
      });
      return photos;
    },

    /** Chooses the main photo and/or the order. */
    async arrangePhotos(actor: StaffActor, body: SiteProfilePhotosBody): Promise<Photo[]> {
      const { id, ...arrangement } = body;
      await mustFind(id);
      const photos = await profiles.updatePhotos(id, arrangement);
      await staff.audit(actor, {
        action: 'site_profile.photos',
        targetType: 'member',
        targetId: id,
        details: { ...arrangement },
      });
      return photos;
    },

    /** Deletes a photo and its files; the next one becomes main when it was. */
    async deletePhoto(actor: StaffActor, id: number, photoId: number): Promise<Photo[]> {
      await mustFind(id);
      const photos = await profiles.deletePhoto(id, photoId);
      await staff.audit(actor, {
        action: 'site_profile.photo_delete',
        targetType: 'member',
        targetId: id,
        details: { photo_id: photoId },
      });
      return photos;
    },
  };
}
