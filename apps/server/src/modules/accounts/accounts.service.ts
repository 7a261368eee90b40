import type { Locale, User } from '@app/shared';
import type { Db } from '../../db/client.js';
import { authenticationRequired } from '../../errors.js';
import type { SettingsService } from '../settings/settings.service.js';
import { presentUser } from './accounts.presenter.js';
import { findMainPhoto, findMemberWithProfile, updateLanguage } from './accounts.repository.js';

export interface AccountsServiceDeps {
  db: Db;
  settings: Pick<SettingsService, 'settingsForDomain'>;
}

/** The member's own account. Login, signup and the rest come with the accounts issue. */
export type AccountsService = ReturnType<typeof createAccountsService>;

export function createAccountsService(deps: AccountsServiceDeps) {
  const { db } = deps;

  async function loadUser(memberId: number): Promise<User | null> {
    const row = await findMemberWithProfile(db, memberId);
    if (!row) return null;
    const [photo, settings] = await Promise.all([
      findMainPhoto(db, memberId),
      deps.settings.settingsForDomain(row.member.domain),
    ]);
    return presentUser(row.member, row.profile, photo, {
      fictionalIcon: settings.fictional_icon,
      cdnPrefix: settings.cdn_prefix,
    });
  }

  return {
    /** GET /api/user.php: the session's member, or null for a visitor. */
    async currentUser(memberId: number | null): Promise<User | null> {
      return memberId === null ? null : loadUser(memberId);
    },

    /** PUT /api/user.php: the language the site and its e-mails use for this member. */
    async changeLanguage(memberId: number, language: Locale): Promise<User> {
      await updateLanguage(db, memberId, language);
      const user = await loadUser(memberId);
      if (!user) throw authenticationRequired();
      return user;
    },
  };
}
