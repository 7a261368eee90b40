import { z } from 'zod';

/** POST /api/page-hidden.php: sent as a beacon, so its body may be empty or plain text. */
export const PageHiddenBodySchema = z
  .object({ path: z.string().max(2048).optional(), bounce: z.boolean().optional() })
  .partial();
export type PageHiddenBody = z.infer<typeof PageHiddenBodySchema>;
