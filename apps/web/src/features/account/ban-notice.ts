import { readStorage, writeStorage } from '../../lib/storage';

/**
 * The server's ban message ("Je account is geblokkeerd: <reason>") from a refused login, kept
 * for this tab so /pages/ban can show the member why, above the general ban policy.
 */
const BAN_NOTICE_KEY = 'ban-notice';

export function storeBanNotice(message: string): void {
  writeStorage('session', BAN_NOTICE_KEY, message);
}

export function readBanNotice(): string | null {
  return readStorage('session', BAN_NOTICE_KEY);
}
