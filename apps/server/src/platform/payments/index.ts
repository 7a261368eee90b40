import type { DbOrTx } from '../../db/client.js';
import { createDemoProvider, type DemoProvider } from './demo.js';
import { createMollieProvider } from './mollie.js';
import type { PaymentProvider } from './types.js';

export type { PaymentProvider } from './types.js';
export { createDemoProvider, type DemoProvider } from './demo.js';

/**
 * The payment provider of this process: Mollie when MOLLIE_API_KEY is set, else the built-in
 * demo checkout. `demo` is set only for the demo, whose hosted page the app then serves.
 */
export function createPaymentProvider(deps: { mollieApiKey: string | null; db: DbOrTx; now?: () => Date }): {
  provider: PaymentProvider;
  demo: DemoProvider | null;
} {
  if (deps.mollieApiKey) return { provider: createMollieProvider({ apiKey: deps.mollieApiKey }), demo: null };
  const demo = createDemoProvider({ db: deps.db, ...(deps.now ? { now: deps.now } : {}) });
  return { provider: demo, demo };
}
