import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { text } from '@app/shared';
import { notFound } from '../../errors.js';
import { requestLocale } from '../../plugins/i18n.js';
import { DEMO_OUTCOMES, type DemoProvider } from '../../platform/payments/demo.js';
import { DEMO_CHECKOUT_CSS, demoCheckoutPage } from './demo-checkout.page.js';
import type { PaymentsService } from './payments.service.js';

export interface DemoCheckoutRoutesOptions {
  demo: DemoProvider;
  payments: Pick<PaymentsService, 'settlePayment'>;
}

const ParamsSchema = z.object({ id: text().min(1).max(100) });
const ChoiceSchema = z.object({ outcome: z.enum(DEMO_OUTCOMES), decline_future: z.literal('1').optional() });

/**
 * The demo provider's hosted checkout (registered only while no payment provider key is set):
 * the payer's choice is recorded on the demo payment, then the order is settled through the
 * webhook's own path (the app asks the demo provider for the status, as it asks Mollie) and the
 * payer goes back to the return URL, as from a real provider.
 */
export const demoCheckoutRoutes: FastifyPluginAsyncZod<DemoCheckoutRoutesOptions> = async (app, opts) => {
  const { demo, payments } = opts;

  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  app.get('/demo-checkout.css', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return reply.type('text/css; charset=utf-8').send(DEMO_CHECKOUT_CSS);
  });

  app.get('/demo-checkout/:id', { schema: { hide: true, params: ParamsSchema } }, async (request, reply) => {
    const payment = await demo.find(request.params.id);
    if (!payment) throw notFound();
    reply.header('cache-control', 'no-store');
    return reply.type('text/html; charset=utf-8').send(demoCheckoutPage(payment, requestLocale(request)));
  });

  app.post(
    '/demo-checkout/:id',
    { schema: { hide: true, params: ParamsSchema, body: ChoiceSchema } },
    async (request, reply) => {
      const { id } = request.params;
      const payment = await demo.choose(id, request.body.outcome, request.body.decline_future === '1');
      if (!payment) throw notFound();
      await payments.settlePayment(id);
      return reply.redirect(payment.returnUrl || '/', 303);
    },
  );
};
