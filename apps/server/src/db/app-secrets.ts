import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from './client.js';
import { appSecrets } from './schema/index.js';

/**
 * The app_secrets value under `name`, made by `make` the first time. Inserted with ON CONFLICT
 * DO NOTHING and read back, so processes starting at once all end up with the one stored value.
 */
export async function storedSecret(db: DbOrTx, name: string, make: () => string): Promise<string> {
  await db.insert(appSecrets).values({ name, value: make() }).onConflictDoNothing({ target: appSecrets.name });
  const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, name));
  if (!row) throw new Error(`the secret ${name} was not stored`);
  return row.value;
}

/** A 32-byte HMAC key kept in app_secrets under `name` (see storedSecret). */
export async function storedSigningKey(db: DbOrTx, name: string): Promise<Buffer> {
  return Buffer.from(await storedSecret(db, name, () => randomBytes(32).toString('base64url')), 'base64url');
}
