import type { PhotoReviewDecisionBody, PhotoReviewQueueResponse } from '@app/shared';
import type { Db } from '../../db/client.js';
import { mediaUrl } from '../../platform/storage/index.js';
import { photoNotFound, type ProfilesService } from '../profiles/profiles.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import { approvePhoto, findWaitingPhoto, listWaitingPhotos, type QueueCursor } from './photo-review.repository.js';
import type { StaffActor, StaffService } from './staff.service.js';

export interface PhotoReviewServiceDeps {
  db: Db;
  staff: Pick<StaffService, 'audit'>;
  settings: Pick<SettingsService, 'settingsForDomain'>;
  /** A rejected photo goes the way of a member's own deletion (files, main photo). */
  profiles: Pick<ProfilesService, 'deletePhoto'>;
}

export type PhotoReviewService = ReturnType<typeof createPhotoReviewService>;

const PAGE = 48;

/** `<created_at text>|<id>`, as the previous page's `next` gave it; null when malformed. */
function parseCursor(after: string | undefined): QueueCursor | null {
  if (!after) return null;
  const match = /^(\d{4}-\d{2}-\d{2} [\d:.]+[+-]\d{2}(?::\d{2})?)\|(\d+)$/.exec(after);
  return match ? { createdAt: match[1]!, id: Number(match[2]) } : null;
}

/** The photo review queue (settings.photo_review 'before' and 'after') and its decisions. */
export function createPhotoReviewService(deps: PhotoReviewServiceDeps) {
  const { db, staff, settings, profiles } = deps;

  return {
    /** One page of waiting photos, oldest first. */
    async queue(after: string | undefined): Promise<PhotoReviewQueueResponse> {
      const rows = await listWaitingPhotos(db, parseCursor(after), PAGE + 1);
      const page = rows.slice(0, PAGE);
      const prefixes = new Map<string, string>();
      for (const domain of new Set(page.map((r) => r.domain))) {
        prefixes.set(domain, (await settings.settingsForDomain(domain)).cdn_prefix);
      }
      const last = page[page.length - 1];
      return {
        photos: page.map((r) => {
          const prefix = prefixes.get(r.domain) ?? '';
          return {
            id: r.id,
            member_id: r.memberId,
            member_name: r.name,
            domain: r.domain,
            review: r.review as 'pending' | 'pending_live',
            is_main: r.isMain,
            created_at: r.createdAt.toISOString(),
            url: mediaUrl(prefix, r.filename),
            thumb_url: mediaUrl(prefix, r.thumbFilename),
          };
        }),
        next: rows.length > PAGE && last ? `${last.cursorTime}|${last.id}` : null,
      };
    },

    /**
     * Approve: the photo shows to everyone. Reject: deleted with its files, like the member's
     * own deletion (the next photo becomes main), so nothing refused stays stored. Audited.
     */
    async decide(actor: StaffActor, body: PhotoReviewDecisionBody): Promise<void> {
      const waiting = await findWaitingPhoto(db, body.photo_id);
      if (!waiting) throw photoNotFound();
      if (body.decision === 'approve') {
        if ((await approvePhoto(db, body.photo_id)) === null) throw photoNotFound();
      } else {
        await profiles.deletePhoto(waiting.memberId, body.photo_id);
      }
      await staff.audit(actor, {
        action: body.decision === 'approve' ? 'photo.approve' : 'photo.reject',
        targetType: 'member',
        targetId: waiting.memberId,
        details: { photo_id: body.photo_id, review: waiting.review },
      });
    },
  };
}
