import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTwoProcesses, type TestApp } from '../../../test/helpers.js';
import { staffCall, staffSession } from '../../../test/staff.js';

/** Two processes (buildTwoProcesses): the console's edits made through A reach B's caches at once, though they live for minutes. */
let a: TestApp;
let b: TestApp;
let processes: Awaited<ReturnType<typeof buildTwoProcesses>> | undefined;

beforeAll(async () => {
  processes = await buildTwoProcesses({ rateLimitScale: 100 });
  ({ a, b } = processes);
});
afterAll(async () => {
  await processes?.close();
});

const get = (t: TestApp, url: string) => t.app.inject({ method: 'GET', url });

describe('site data caches across processes', () => {
  it("clears every process's settings and reference caches on a console edit", async () => {
    const { cookie } = await staffSession(a, 'admin');
    const { sites } = (await staffCall(a, cookie, 'GET', '/api/admin/sites.php')).json();
    const site = sites.find((s: { domain: string }) => s.domain === 'localhost');
    const { companies } = (await staffCall(a, cookie, 'GET', '/api/admin/companies.php')).json();
    const company = companies.find((c: { domains: string[] }) => c.domains.includes('localhost'));

    // B reads first, so its caches hold the old rows and answers.
    const settingsBefore = (await get(b, '/api/settings.php')).json().settings;
    const companyBefore = (await get(b, '/api/companyinfo.php')).json().companyinfo;

    const saved = await staffCall(a, cookie, 'PUT', '/api/admin/site.php', {
      id: site.id,
      settings: { ...site.settings, message_credits: settingsBefore.message_credits + 3 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const { id, name, address, kvk, city, country, tradenames, vat_numbers, support_phone } = company;
    const changedCompany = await staffCall(a, cookie, 'PUT', '/api/admin/company.php', {
      ...{ id, name, address, kvk, city, country, tradenames, vat_numbers, support_phone },
      delete_discount: companyBefore.delete_discount === 40 ? 41 : 40,
    });
    expect(changedCompany.statusCode, changedCompany.body).toBe(200);

    // A shows its own edits in its next answer; B once the bus delivered (milliseconds).
    expect((await get(a, '/api/settings.php')).json().settings.message_credits).toBe(
      settingsBefore.message_credits + 3,
    );
    await expect
      .poll(async () => (await get(b, '/api/settings.php')).json().settings.message_credits, { timeout: 2_000 })
      .toBe(settingsBefore.message_credits + 3);
    await expect
      .poll(async () => (await get(b, '/api/companyinfo.php')).json().companyinfo.delete_discount, { timeout: 2_000 })
      .toBe(changedCompany.json().company.delete_discount);
  });

  it("clears every process's content page texts when the console saves or resets one", async () => {
    const { cookie } = await staffSession(a, 'admin');
    const key = { domain: 'localhost', locale: 'nl', page: 'privacy' };
    const text = () => get(b, '/api/page-text.php?page=privacy&locale=nl');
    expect((await text()).json()).toEqual({ content: null });

    const content = {
      title: 'Onze privacy',
      description: 'Wat wij bewaren.',
      intro: 'Kort gezegd.',
      sections: [{ heading: 'Kort', paragraphs: ['Wij bewaren weinig.'] }],
    };
    const saved = await staffCall(a, cookie, 'PUT', '/api/admin/page-texts.php', { ...key, content });
    expect(saved.statusCode, saved.body).toBe(200);
    await expect
      .poll(async () => (await text()).json().content?.title ?? null, { timeout: 2_000 })
      .toBe('Onze privacy');

    const reset = await staffCall(a, cookie, 'POST', '/api/admin/page-text-reset.php', key);
    expect(reset.statusCode, reset.body).toBe(200);
    await expect.poll(async () => (await text()).json().content, { timeout: 2_000 }).toBeNull();
  });
});
