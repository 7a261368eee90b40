import { z } from 'zod';
import { text } from './common.js';

/** POST /api/page-hidden.php: sent as a beacon, so its body may be empty or plain text. */
export const PageHiddenBodySchema = z
  .object({ path: text().max(2048).optional(), bounce: z.boolean().optional() })
  .partial();
export type PageHiddenBody = z.infer<typeof PageHiddenBodySchema>;
