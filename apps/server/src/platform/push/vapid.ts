import webpush from 'web-push';
import { z } from 'zod';
import type { Config } from '../../config.js';
import type { DbOrTx } from '../../db/client.js';
import { storedSecret } from '../../db/app-secrets.js';
import type { VapidKeys } from './types.js';

/** The app_secrets row holding the generated pair. */
export const VAPID_SECRET_NAME = 'vapid';

/**
 * Push services may write to this contact when our pushes misbehave. Without VAPID_SUBJECT, the
 * public https origin, else a placeholder address (the services accept it; Apple's refuses a
 * localhost URL, hence no http origin).
 */
export function vapidSubject(config: Pick<Config, 'vapidSubject' | 'publicUrl'>): string {
  if (config.vapidSubject) return config.vapidSubject;
  if (config.publicUrl?.startsWith('https:')) return config.publicUrl;
  return 'mailto:push@example.invalid';
}

const StoredPairSchema = z.object({ publicKey: z.string().min(1), privateKey: z.string().min(1) });

/**
 * The VAPID keys: VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY when configured, else a pair generated on
 * the first start and kept in app_secrets. Both keys live in one row (storedSecret), so
 * processes starting at once all use the one pair that won (two rows could each be won by a
 * different process and mismatch).
 */
export async function resolveVapidKeys(
  db: DbOrTx,
  config: Pick<Config, 'vapid' | 'vapidSubject' | 'publicUrl'>,
): Promise<VapidKeys> {
  const subject = vapidSubject(config);
  if (config.vapid) return { publicKey: config.vapid.publicKey, privateKey: config.vapid.privateKey, subject };
  const stored = await storedSecret(db, VAPID_SECRET_NAME, () => JSON.stringify(webpush.generateVAPIDKeys()));
  return { ...StoredPairSchema.parse(JSON.parse(stored)), subject };
}
