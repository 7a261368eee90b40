import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** The request-type header every state-changing API call needs. */
export const XHR = { 'X-Requested-With': 'XMLHttpRequest' } as const;

/** Marks the site-entry warning as seen, for tests about something else. */
export async function skipEntryWarning(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.localStorage.setItem('dismissed-site-entry-warning', String(Date.now()));
  });
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** The newest outbox mail to `to` whose text holds a link matching `path`, and that link's path and query. */
export async function mailedLink(
  request: APIRequestContext,
  to: string,
  path: RegExp,
): Promise<{ mail: Mail; href: string }> {
  let found: { mail: Mail; href: string } | null = null;
  await expect
    .poll(async () => {
      const { mails } = (await (await request.get('/api/outbox.php')).json()) as { mails: Mail[] };
      for (const mail of mails.filter((m) => m.to.toLowerCase() === to.toLowerCase())) {
        const link = new RegExp(`https?://[^\\s"<]+${path.source}`).exec(mail.text)?.[0];
        if (link) {
          const url = new URL(link);
          found = { mail, href: url.pathname + url.search };
          return true;
        }
      }
      return false;
    })
    .toBe(true);
  return found!;
}

export interface NewMember {
  email: string;
  password: string;
  name?: string;
  gender?: 'male' | 'female';
  sexuality?: 'hetero' | 'gay' | 'lesbian' | 'bi';
  dateOfBirth?: string;
  locale?: string;
}

/**
 * A new account made through the API in the page's context, so the page is logged in as it.
 * The signup form itself has its own test (accounts.spec.ts); elsewhere an account is the start.
 */
export async function signUpByApi(page: Page, member: NewMember): Promise<void> {
  const signup = await page.request.post('/api/signup.php', {
    headers: XHR,
    data: {
      email: member.email,
      password: member.password,
      name: member.name ?? 'Journey',
      date_of_birth: member.dateOfBirth ?? '1990-05-17',
      gender: member.gender ?? 'female',
      sexuality: member.sexuality ?? 'hetero',
      country: 'NL',
      terms: true,
      language: member.locale ?? 'nl',
    },
  });
  expect(signup.status()).toBe(200);
}

/** Follows the activation link of the outbox mail to `email` in the page. */
export async function confirmFromOutbox(page: Page, email: string): Promise<void> {
  const { href } = await mailedLink(page.request, email, /\/api\/activate\.php\?token=[\w-]+/);
  await page.goto(href);
  await expect(page).toHaveURL(/\/activate\/done$/);
}

/** The member id of the session in `request`'s context. */
export async function ownId(request: APIRequestContext): Promise<number> {
  const { user } = (await (await request.get('/api/user.php')).json()) as {
    user: { profile: { id: number } } | null;
  };
  expect(user).not.toBeNull();
  return user!.profile.id;
}

/** A new member with a confirmed account, signed up and logged in in this page; answers the member's id. */
export async function newConfirmedMember(page: Page, member: NewMember): Promise<number> {
  await signUpByApi(page, member);
  await confirmFromOutbox(page, member.email);
  return ownId(page.request);
}

/** The credit balance of the session in `request`'s context. */
export async function ownCredits(request: APIRequestContext): Promise<number> {
  const { user } = (await (await request.get('/api/user.php')).json()) as { user: { credits: number } | null };
  expect(user).not.toBeNull();
  return user!.credits;
}

/** A text with its {{placeholders}} filled in, as i18next would. */
export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (placeholder, key: string) => String(values[key] ?? placeholder));
}
