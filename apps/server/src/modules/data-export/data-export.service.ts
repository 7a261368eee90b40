import type { FastifyBaseLogger } from 'fastify';
import { strToU8, zipSync, type Zippable } from 'fflate';
import { dataExportFilename, isLocale, DEFAULT_LOCALE, DATA_EXPORT_FILES, type Locale } from '@app/shared';
import type { Db } from '../../db/client.js';
import { notFound } from '../../errors.js';
import type { MediaStorage } from '../../platform/storage/index.js';
import { pageText } from '../../plugins/i18n.js';
import type { SettingsService } from '../settings/settings.service.js';
import { verificationForExport } from '../verification/verification.service.js';
import {
  presentBlocksFile,
  presentComplaintsFile,
  presentConsentsFile,
  presentCreditsFile,
  presentLikesFile,
  presentVisitsFile,
  presentMessagesFile,
  presentOrdersFile,
  presentProfileFile,
  presentReportsFile,
} from './data-export.presenter.js';
import {
  findAccount,
  findProfile,
  findTracking,
  listBlocks,
  listComplaints,
  listConversations,
  listCreditLedger,
  listFiledReports,
  listInterestKeys,
  listLikes,
  listVisits,
  listMessages,
  listOrders,
  listPhotos,
  listPushSubscriptionDates,
  type PhotoRow,
} from './data-export.repository.js';

export interface DataExportServiceDeps {
  db: Db;
  storage: MediaStorage;
  settings: Pick<SettingsService, 'resolveSite'>;
  log: FastifyBaseLogger;
  /** Photo bytes an archive holds at most; tests lower it. */
  maxPhotoBytes?: number;
}

/**
 * Photo bytes per archive. The archive is built in memory, so it is bounded: the photo limit
 * keeps a real member far below it, and a photo past it is listed in profile.json without a
 * file rather than failing the whole export.
 */
export const DATA_EXPORT_MAX_PHOTO_BYTES = 100 * 1024 * 1024;

/** A finished export: the archive and the name it is downloaded as. */
export interface DataExport {
  filename: string;
  archive: Uint8Array;
}

/** The member's copy of their data (GDPR right of access and portability). */
export type DataExportService = ReturnType<typeof createDataExportService>;

const json = (value: unknown) => strToU8(`${JSON.stringify(value, null, 2)}\n`);

/** The extension of a stored key ('webp', 'jpg'), for the file's name in the archive. */
function extensionOf(key: string): string {
  return /\.([a-z0-9]+)$/i.exec(key)?.[1] ?? 'bin';
}

export function createDataExportService(deps: DataExportServiceDeps) {
  const { db, storage, log } = deps;
  const maxPhotoBytes = deps.maxPhotoBytes ?? DATA_EXPORT_MAX_PHOTO_BYTES;

  /** The member's photo files, read through the storage adapter, within the byte budget. */
  async function readPhotos(rows: PhotoRow[]) {
    const files: Zippable = {};
    const listed: Array<{ row: PhotoRow; file: string | null }> = [];
    let bytes = 0;
    for (const row of rows) {
      const data = await storage.get(row.filename);
      if (!data || bytes + data.length > maxPhotoBytes) {
        listed.push({ row, file: null });
        continue;
      }
      bytes += data.length;
      const name = `photos/${String(row.position + 1).padStart(2, '0')}-${row.id}.${extensionOf(row.filename)}`;
      // Already compressed images: stored as they are, which is also faster.
      files[name] = [new Uint8Array(data), { level: 0 }];
      listed.push({ row, file: name });
    }
    return { files, listed };
  }

  /** README.txt in the member's language: what each file holds and whom to ask. */
  function readme(locale: Locale, params: { site: string; date: string; email: string }): string {
    const text = (key: string) => pageText(locale, 'member', `dataExport.readme.${key}`, params) ?? '';
    const files = DATA_EXPORT_FILES.filter((file) => file !== 'README.txt').flatMap((file) => {
      const key = file.replace(/\.json$/, '');
      const line = `${file}\n  ${text(`files.${key}`)}`;
      return key === 'profile' ? [line, `photos/\n  ${text('files.photos')}`] : [line];
    });
    return [
      text('title'),
      '',
      text('intro'),
      '',
      ...files.flatMap((f) => [f, '']),
      text('dates'),
      '',
      text('questions'),
      '',
    ].join('\r\n');
  }

  return {
    /**
     * Assembles the member's data export: the account and profile, photos, conversations,
     * orders, credits, consents, likes, visits, blocks, filed reports, complaints and verification, with a README in
     * the member's language. Only the member's own rows; other members appear by id and
     * profile name, never with their e-mail address or private fields.
     */
    async exportMemberData(memberId: number, host: string, now = new Date()): Promise<DataExport> {
      const account = await findAccount(db, memberId);
      if (!account) throw notFound();
      const [
        tracking,
        profile,
        interests,
        photoRows,
        conversations,
        orders,
        ledger,
        pushDates,
        likes,
        visits,
        blocked,
        filed,
        complaints,
        verification,
      ] = await Promise.all([
        findTracking(db, memberId),
        findProfile(db, memberId),
        listInterestKeys(db, memberId),
        listPhotos(db, memberId),
        listConversations(db, memberId),
        listOrders(db, memberId),
        listCreditLedger(db, memberId),
        listPushSubscriptionDates(db, memberId),
        listLikes(db, memberId),
        listVisits(db, memberId),
        listBlocks(db, memberId),
        listFiledReports(db, memberId),
        listComplaints(db, memberId),
        verificationForExport(db, memberId),
      ]);
      const messages = await listMessages(
        db,
        memberId,
        conversations.map((c) => c.id),
      );
      const photos = await readPhotos(photoRows);
      const { site } = await deps.settings.resolveSite({ host });
      const locale = isLocale(account.language) ? account.language : DEFAULT_LOCALE;

      const archive = zipSync(
        {
          'README.txt': strToU8(
            readme(locale, {
              site: site.settings.name,
              date: now.toISOString().slice(0, 10),
              email: site.settings.support_email,
            }),
          ),
          'profile.json': json(presentProfileFile({ account, tracking, profile, interests, photos: photos.listed })),
          ...photos.files,
          'messages.json': json(presentMessagesFile(memberId, conversations, messages)),
          'orders.json': json(presentOrdersFile(orders)),
          'credits.json': json(presentCreditsFile(account.credits, ledger)),
          'consents.json': json(presentConsentsFile(account, orders, pushDates)),
          'likes.json': json(presentLikesFile(likes)),
          'visits.json': json(presentVisitsFile(visits)),
          'blocks.json': json(presentBlocksFile(blocked)),
          'reports.json': json(presentReportsFile(filed)),
          'complaints.json': json(presentComplaintsFile(complaints)),
          // The status only: the selfie is erased once decided and never leaves while it waits.
          'verification.json': json(verification),
        },
        { level: 6, mtime: now },
      );
      log.info({ memberId, bytes: archive.length, photos: Object.keys(photos.files).length }, 'data export built');
      return { filename: dataExportFilename(memberId, now), archive };
    },
  };
}
