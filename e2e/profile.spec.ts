import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import nlErrors from '../packages/i18n/locales/nl/errors.json' with { type: 'json' };
import nlMember from '../packages/i18n/locales/nl/member.json' with { type: 'json' };
import { signUpByApi, skipEntryWarning } from './helpers';

const texts = nlMember.profile;

/** The part of GET /api/profile.php these tests read. */
interface ProfileAnswer {
  profile: {
    photos: Array<{ filename: string; thumb_filename: string; match: string }>;
    city: string | null;
    country: string;
    region_id: number | null;
  };
}

/** A new member, logged in in this page (the signup form has its own test). */
function newMember(page: Page, label: string): Promise<void> {
  return signUpByApi(page, {
    email: `profile.${label}.${Date.now()}@example.test`,
    password: 'profiel-wachtwoord',
    name: 'Fotograaf',
    gender: 'male',
    dateOfBirth: '1988-09-02',
  });
}

/** A JPEG photographed "in Amsterdam": its EXIF carries camera and GPS tags. */
function jpegWithGps(seed: number): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 800, channels: 3, background: { r: 40 + seed * 30, g: 120, b: 200 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'E2E Camera', Model: 'Test 1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '52/1 22/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '4/1 53/1 0/1' },
    })
    .toBuffer();
}

async function upload(page: Page, name: string, buffer: Buffer, mimeType = 'image/jpeg'): Promise<void> {
  await page.locator('input[type=file][name=file]').setInputFiles({ name, mimeType, buffer });
}

test.describe('own profile', () => {
  test.beforeEach(async ({ page }) => skipEntryWarning(page));

  test('photos: metadata stripped, a fake image refused, the free limit reached', async ({ page }, testInfo) => {
    await newMember(page, `photos-${testInfo.project.name}`);
    const original = await jpegWithGps(0);
    expect((await sharp(original).metadata()).exif).toBeDefined();

    await page.goto('/profile');
    await upload(page, 'amsterdam.jpg', original);
    const first = page.getByRole('img', { name: texts.photos.altMain.replace('{{n}}', '1') });
    await expect(first).toBeVisible();

    // Every stored variant the server hands out is free of EXIF, GPS included.
    const { profile } = (await (await page.request.get('/api/profile.php')).json()) as ProfileAnswer;
    expect(profile.photos).toHaveLength(1);
    const { filename, thumb_filename, match } = profile.photos[0]!;
    for (const url of [filename, thumb_filename, match]) {
      const stored = Buffer.from(await (await page.request.get(url)).body());
      const meta = await sharp(stored).metadata();
      expect(meta.format, url).toBe('webp');
      expect(meta.exif, url).toBeUndefined();
    }

    await upload(page, 'holiday.jpg', Buffer.from('this is a text file, not a photo\n'));
    await expect(page.getByText(nlErrors.photo_not_image)).toBeVisible();
    expect(((await (await page.request.get('/api/profile.php')).json()) as ProfileAnswer).profile.photos).toHaveLength(
      1,
    );

    await upload(page, 'second.jpg', await jpegWithGps(1));
    await expect(page.getByText(texts.photos.count.replace('{{count}}', '2').replace('{{limit}}', '3'))).toBeVisible();
    await upload(page, 'third.jpg', await jpegWithGps(2));
    await expect(page.getByText(texts.photos.limitTitle.replace('{{limit}}', '3'))).toBeVisible();
    await expect(page.getByRole('link', { name: texts.photos.limitAction })).toHaveAttribute('href', '/premium');
    await expect(page.locator('input[type=file][name=file]')).toHaveCount(0);
  });

  test('location: filled from the browser position', async ({ page, context, baseURL }, testInfo) => {
    await context.grantPermissions(['geolocation'], { origin: baseURL! });
    await context.setGeolocation({ latitude: 52.3731, longitude: 4.8922 });
    await newMember(page, `location-${testInfo.project.name}`);

    await page.goto('/profile');
    await page.getByRole('button', { name: texts.location.useMine }).click();
    await expect(page.getByText(texts.location.found.replace('{{city}}', 'Amsterdam'))).toBeVisible();
    await expect(page.getByRole('textbox', { name: texts.location.city, exact: true })).toHaveValue('Amsterdam');
    const locationForm = page.locator('form', { has: page.getByRole('button', { name: texts.location.useMine }) });
    await locationForm.getByRole('button', { name: texts.save }).click();
    await expect(locationForm.getByText(texts.saved)).toBeVisible();

    const { profile } = (await (await page.request.get('/api/profile.php')).json()) as ProfileAnswer;
    expect(profile).toMatchObject({ city: 'Amsterdam', country: 'NL' });
    expect(profile.region_id).not.toBeNull();
  });

  test('complete-signup: every step can be left for later and the member lands on the signup matches', async ({
    page,
  }, testInfo) => {
    await newMember(page, `wizard-${testInfo.project.name}`);
    await page.goto('/complete-signup');
    await expect(page.getByRole('heading', { name: texts.wizard.steps.photo.title })).toBeVisible();
    for (const step of ['location', 'details', 'about', 'push'] as const) {
      await page.getByRole('button', { name: texts.wizard.later }).click();
      await expect(page.getByRole('heading', { name: texts.wizard.steps[step].title })).toBeVisible();
    }
    await page.getByRole('button', { name: texts.wizard.finish }).click();
    await expect(page).toHaveURL(/\/signup-matches$/);
  });
});
