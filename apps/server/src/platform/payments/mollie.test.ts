import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { PaymentMethod as MollieMethod } from '@mollie/api-client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PAYMENT_METHODS } from '@app/shared';
import { MOLLIE_METHODS, createMollieProvider, mollieAmount } from './mollie.js';
import type { PaymentProvider, PaymentRequest, ProviderStatus } from './types.js';

/**
 * A local stand-in for Mollie's API v2, answering as its documentation shows (create payment,
 * get payment, create customer, create payment refund; errors as application/hal+json with
 * status, title and detail).
 * The client library always speaks HTTPS with its own bundled root certificates, so the stand-in
 * serves this self-signed certificate for 127.0.0.1 and this test file's worker (its own
 * process.env) skips certificate verification while it runs.
 */
const TLS_KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgSmPyqqdLHU2YeUuK
uWF+VgDEl5ObxoTgOtPcxPCJSqGhRANCAATq1ljRjFGIvHR689ulQk/glpbw6bB5
hAU25D/T1LXO/VnQHOHk2llxbFklXV5jKzuBGd//2L5f7cafj7ylB47I
-----END PRIVATE KEY-----`;
const TLS_CERT = `-----BEGIN CERTIFICATE-----
MIIBkDCCATagAwIBAgIUEHhf+o81UxgSLLWbZaCbQz6WMQ4wCgYIKoZIzj0EAwIw
FDESMBAGA1UEAwwJMTI3LjAuMC4xMCAXDTI2MTEyMjA3NTIyNloYDzIxMjYxMDI5
MDc1MjI2WjAUMRIwEAYDVQQDDAkxMjcuMC4wLjEwWTATBgcqhkjOPQIBBggqhkjO
PQMBBwNCAATq1ljRjFGIvHR689ulQk/glpbw6bB5hAU25D/T1LXO/VnQHOHk2llx
bFklXV5jKzuBGd//2L5f7cafj7ylB47Io2QwYjAdBgNVHQ4EFgQUu8bfg/K1f76S
SxX6CYAbw34yjh4wHwYDVR0jBBgwFoAUu8bfg/K1f76SSxX6CYAbw34yjh4wDwYD
VR0TAQH/BAUwAwEB/zAPBgNVHREECDAGhwR/AAABMAoGCCqGSM49BAMCA0gAMEUC
IGZChr41zustnnUZZa61veGQHbShY0BK3QAFPMZA3U4eAiEAizhbjWdnGiQYEqym
PLTWvKh9+GkHOigMGXt3RzqyJOg=
-----END CERTIFICATE-----`;

const API_KEY = 'test_dHar4XY7LxsDOtmnkVtjNVWXLSlXsM';

interface Recorded {
  method: string;
  path: string;
  authorization: string | undefined;
  body: Record<string, unknown> | null;
}

type StoredPayment = Record<string, unknown> & { id: string; status: ProviderStatus };

const requests: Recorded[] = [];
const payments = new Map<string, StoredPayment>();
let origin = '';

const link = (href: string, type = 'application/hal+json') => ({ href, type });
const newId = (prefix: string) => `${prefix}${randomBytes(5).toString('hex')}`;

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/hal+json' });
  res.end(JSON.stringify(body));
}

function notFound(res: ServerResponse, detail: string): void {
  send(res, 404, {
    status: 404,
    title: 'Not Found',
    detail,
    _links: { documentation: link('https://docs.mollie.com/overview/handling-errors', 'text/html') },
  });
}

/** POST /v2/payments as Mollie answers it: 201 with the payment, open with a checkout link unless recurring. */
function createPayment(body: Record<string, unknown>): StoredPayment {
  const id = newId('tr_');
  const recurring = body.sequenceType === 'recurring';
  const payment: StoredPayment = {
    resource: 'payment',
    id,
    mode: 'test',
    createdAt: '2026-05-04T10:00:00+00:00',
    amount: body.amount,
    description: body.description,
    method: body.method ?? null,
    metadata: body.metadata ?? null,
    status: recurring ? 'pending' : 'open',
    isCancelable: false,
    expiresAt: '2026-05-04T10:15:00+00:00',
    profileId: 'pfl_QkEhN94Ba',
    sequenceType: body.sequenceType ?? 'oneoff',
    redirectUrl: body.redirectUrl ?? null,
    webhookUrl: body.webhookUrl,
    ...(body.customerId ? { customerId: body.customerId } : {}),
    ...(body.mandateId ? { mandateId: body.mandateId } : {}),
    _links: {
      self: link(`${origin}/v2/payments/${id}`),
      ...(recurring ? {} : { checkout: link(`https://www.mollie.com/checkout/select-method/${id}`, 'text/html') }),
      dashboard: link(`https://www.mollie.com/dashboard/org_12345678/payments/${id}`, 'text/html'),
      documentation: link('https://docs.mollie.com/reference/create-payment', 'text/html'),
    },
  };
  payments.set(id, payment);
  return payment;
}

/**
 * POST /v2/payments/:id/refunds as Mollie answers it: 201 with the refund ('pending') for a paid
 * payment, 422 for one that cannot be refunded (not paid, or more than is left of it).
 */
function createRefund(res: ServerResponse, paymentId: string, body: Record<string, unknown>): void {
  const payment = payments.get(paymentId);
  if (!payment) return notFound(res, `No payment exists with token ${paymentId}.`);
  const amount = body.amount as { value: string; currency: string };
  const paid = payment.amount as { value: string; currency: string };
  const refunded = Number(payment.amountRefunded ?? 0);
  if (payment.status !== 'paid' || Number(amount.value) + refunded > Number(paid.value)) {
    return send(res, 422, {
      status: 422,
      title: 'Unprocessable Entity',
      detail: 'The amount is higher than the amount that can be refunded.',
      field: 'amount',
      _links: { documentation: link('https://docs.mollie.com/overview/handling-errors', 'text/html') },
    });
  }
  payment.amountRefunded = (refunded + Number(amount.value)).toFixed(2);
  const id = newId('re_');
  send(res, 201, {
    resource: 'refund',
    id,
    mode: 'test',
    amount,
    status: 'pending',
    createdAt: '2026-05-04T11:00:00+00:00',
    description: body.description ?? '',
    metadata: body.metadata ?? null,
    paymentId,
    _links: {
      self: link(`${origin}/v2/payments/${paymentId}/refunds/${id}`),
      payment: link(`${origin}/v2/payments/${paymentId}`),
      documentation: link('https://docs.mollie.com/reference/create-refund', 'text/html'),
    },
  });
}

function route(req: IncomingMessage, res: ServerResponse, body: Record<string, unknown> | null): void {
  const path = req.url?.split('?')[0] ?? '';
  if (req.method === 'POST' && path === '/v2/payments') return send(res, 201, createPayment(body ?? {}));
  const refundOf = /^\/v2\/payments\/([^/]+)\/refunds$/.exec(path)?.[1];
  if (req.method === 'POST' && refundOf) return createRefund(res, refundOf, body ?? {});
  const paymentId = /^\/v2\/payments\/([^/]+)$/.exec(path)?.[1];
  if (req.method === 'GET' && paymentId) {
    const payment = payments.get(paymentId);
    return payment ? send(res, 200, payment) : notFound(res, `No payment exists with token ${paymentId}.`);
  }
  if (req.method === 'POST' && path === '/v2/customers') {
    const id = newId('cst_');
    return send(res, 201, {
      resource: 'customer',
      id,
      mode: 'test',
      name: body?.name ?? null,
      email: body?.email ?? null,
      locale: null,
      metadata: null,
      createdAt: '2026-05-04T10:00:00+00:00',
      _links: {
        self: link(`${origin}/v2/customers/${id}`),
        dashboard: link(`https://www.mollie.com/dashboard/org_12345678/customers/${id}`, 'text/html'),
        documentation: link('https://docs.mollie.com/reference/create-customer', 'text/html'),
      },
    });
  }
  notFound(res, 'The resource does not exist.');
}

const server = createServer({ key: TLS_KEY, cert: TLS_CERT }, (req, res) => {
  let raw = '';
  req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
  req.on('end', () => {
    const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : null;
    requests.push({ method: req.method ?? '', path: req.url ?? '', authorization: req.headers.authorization, body });
    route(req, res, body);
  });
});

const savedTlsSetting = process.env.NODE_TLS_REJECT_UNAUTHORIZED;
let provider: PaymentProvider;

beforeAll(async () => {
  process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  provider = createMollieProvider({ apiKey: API_KEY, apiEndpoint: `${origin}/v2/` });
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (savedTlsSetting === undefined) delete process.env.NODE_TLS_REJECT_UNAUTHORIZED;
  else process.env.NODE_TLS_REJECT_UNAUTHORIZED = savedTlsSetting;
});
beforeEach(() => {
  requests.length = 0;
});

const paymentRequest = (overrides: Partial<PaymentRequest> = {}): PaymentRequest => ({
  orderId: 42,
  amount: 5999,
  currency: 'EUR',
  method: 'ideal',
  description: 'Amoria 300 credits, order 42',
  returnUrl: 'https://amoria.example/transactions/42',
  webhookUrl: 'https://amoria.example/api/payment-webhook.php',
  locale: 'nl_NL',
  recurring: false,
  customer: { name: 'Sanne', email: 'sanne@example.test' },
  ...overrides,
});

describe('the Mollie provider through @mollie/api-client', () => {
  it('creates a one-off payment with our method as Mollie names it, and answers its checkout link', async () => {
    const created = await provider.create(paymentRequest());
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ method: 'POST', path: '/v2/payments', authorization: `Bearer ${API_KEY}` });
    expect(requests[0]!.body).toEqual({
      amount: { value: '59.99', currency: 'EUR' },
      description: 'Amoria 300 credits, order 42',
      redirectUrl: 'https://amoria.example/transactions/42',
      webhookUrl: 'https://amoria.example/api/payment-webhook.php',
      metadata: { order_id: 42 },
      method: 'ideal',
      locale: 'nl_NL',
    });
    expect(created).toEqual({
      id: expect.stringMatching(/^tr_/),
      checkoutUrl: `https://www.mollie.com/checkout/select-method/${created.id}`,
    });
  });

  it('creates a Mollie customer first for a recurring method, and asks for a first payment of it', async () => {
    const created = await provider.create(
      paymentRequest({ method: 'visa', recurring: true, currency: 'GBP', amount: 4999 }),
    );
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /v2/customers', 'POST /v2/payments']);
    expect(requests[0]!.body).toEqual({ name: 'Sanne', email: 'sanne@example.test' });
    const customerId = payments.get(created.id)?.customerId;
    expect(customerId).toMatch(/^cst_/);
    expect(requests[1]!.body).toMatchObject({
      amount: { value: '49.99', currency: 'GBP' },
      method: 'creditcard',
      customerId,
      sequenceType: 'first',
    });
    expect(created.checkoutUrl).toContain(created.id);
  });

  it('leaves the method to Mollie for giropay and SOFORT, and the locale for one Mollie does not know', async () => {
    await provider.create(paymentRequest({ method: 'giropay', locale: 'xx_XX' }));
    await provider.create(paymentRequest({ method: 'sofort' }));
    expect(requests[0]!.body).not.toHaveProperty('method');
    expect(requests[0]!.body).not.toHaveProperty('locale');
    expect(requests[1]!.body).not.toHaveProperty('method');
    expect(requests[1]!.body).toMatchObject({ locale: 'nl_NL' });
  });

  it.each<ProviderStatus>(['open', 'pending', 'authorized', 'paid', 'failed', 'canceled', 'expired'])(
    'reads the status %s of a payment from GET /v2/payments/:id',
    async (status) => {
      const { id } = await provider.create(paymentRequest());
      payments.get(id)!.status = status;
      expect(await provider.status(id)).toEqual({ status, customerId: null, mandateId: null });
      expect(requests.at(-1)).toMatchObject({ method: 'GET', path: `/v2/payments/${id}`, body: null });
    },
  );

  it('reads the customer and mandate of a paid first payment, and charges them for a repeat order', async () => {
    const first = await provider.create(paymentRequest({ method: 'paypal', recurring: true }));
    const stored = payments.get(first.id)!;
    Object.assign(stored, { status: 'paid', mandateId: 'mdt_h3gAaD5zP' });
    const status = await provider.status(first.id);
    expect(status).toEqual({ status: 'paid', customerId: stored.customerId, mandateId: 'mdt_h3gAaD5zP' });

    requests.length = 0;
    const repeat = await provider.chargeRecurring({
      orderId: 43,
      amount: 5999,
      currency: 'EUR',
      method: 'paypal',
      description: 'Amoria 300 credits, order 43',
      webhookUrl: 'https://amoria.example/api/payment-webhook.php',
      locale: 'nl_NL',
      customerId: status.customerId!,
      mandateId: status.mandateId!,
    });
    expect(requests).toHaveLength(1);
    expect(requests[0]!.body).toEqual({
      amount: { value: '59.99', currency: 'EUR' },
      description: 'Amoria 300 credits, order 43',
      webhookUrl: 'https://amoria.example/api/payment-webhook.php',
      metadata: { order_id: 43 },
      customerId: status.customerId,
      mandateId: 'mdt_h3gAaD5zP',
      sequenceType: 'recurring',
    });
    expect(repeat).toEqual({ id: expect.stringMatching(/^tr_/), checkoutUrl: null });
    expect((await provider.status(repeat.id)).status).toBe('pending');
  });

  it('refunds a paid payment through POST /v2/payments/:id/refunds, and answers the refund id', async () => {
    const { id } = await provider.create(paymentRequest());
    payments.get(id)!.status = 'paid';
    requests.length = 0;
    const refund = await provider.refund(id, 5999, 'EUR', 'Refund of order 42');
    expect(refund).toEqual({ id: expect.stringMatching(/^re_/) });
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      method: 'POST',
      path: `/v2/payments/${id}/refunds`,
      authorization: `Bearer ${API_KEY}`,
    });
    expect(requests[0]!.body).toEqual({
      amount: { value: '59.99', currency: 'EUR' },
      description: 'Refund of order 42',
    });
  });

  it("fails with Mollie's error for a payment that cannot be refunded", async () => {
    const { id } = await provider.create(paymentRequest());
    await expect(provider.refund(id, 5999, 'EUR', 'Refund of order 42')).rejects.toThrow(
      'The amount is higher than the amount that can be refunded.',
    );
    payments.get(id)!.status = 'paid';
    await provider.refund(id, 5999, 'EUR', 'Refund of order 42');
    await expect(provider.refund(id, 1, 'EUR', 'Again')).rejects.toThrow('can be refunded');
  });

  it("fails with Mollie's error for an unknown payment", async () => {
    await expect(provider.status('tr_unknown')).rejects.toThrow('No payment exists with token tr_unknown.');
  });
});

describe('MOLLIE_METHODS', () => {
  it('maps every method of ours to a current Mollie method, or to Mollie choosing', () => {
    const current = new Set<string>(Object.values(MollieMethod));
    for (const method of PAYMENT_METHODS) {
      const mollie = MOLLIE_METHODS[method];
      if (mollie !== null) expect(current.has(mollie), method).toBe(true);
    }
    expect(MOLLIE_METHODS.prezelewy24).toBe('przelewy24');
    expect(MOLLIE_METHODS.sct).toBe('banktransfer');
    expect(MOLLIE_METHODS.sdd).toBe('directdebit');
  });
});

describe('mollieAmount', () => {
  it('writes cents as a decimal string with two decimals', () => {
    expect(mollieAmount(5, 'EUR')).toEqual({ value: '0.05', currency: 'EUR' });
    expect(mollieAmount(1490, 'CHF')).toEqual({ value: '14.90', currency: 'CHF' });
    expect(mollieAmount(123456700, 'PLN')).toEqual({ value: '1234567.00', currency: 'PLN' });
  });
});
