import { z } from 'zod';
import type { StoredSettings } from '@app/shared';

/**
 * The theme's colours (spec section 9: gold-brown primary on a cream page): the settings hold no
 * colours of their own, so every domain's installed app wears the site theme, as its pages do.
 */
export const MANIFEST_THEME_COLOR = '#9a6424';
export const MANIFEST_BACKGROUND_COLOR = '#fbf7f2';

/** One icon the web build generated (apps/web/icons.plugin.ts writes the list to icons/icons.json). */
export const ManifestIconSchema = z.object({
  src: z.string().startsWith('/'),
  sizes: z.string().regex(/^\d+x\d+$/),
  type: z.literal('image/png'),
  purpose: z.enum(['any', 'maskable', 'monochrome']),
});
export type ManifestIcon = z.infer<typeof ManifestIconSchema>;

export const WebManifestSchema = z.object({
  id: z.string(),
  name: z.string(),
  short_name: z.string(),
  description: z.string(),
  lang: z.string(),
  start_url: z.string(),
  scope: z.string(),
  display: z.literal('standalone'),
  theme_color: z.string(),
  background_color: z.string(),
  icons: z.array(ManifestIconSchema),
});
export type WebManifest = z.infer<typeof WebManifestSchema>;

/**
 * The web app manifest of one domain: its name, description and language from the settings, so
 * each domain installs as its own app. The start URL is the home page, which sends members on to
 * the members area and shows visitors the landing.
 */
export function presentManifest(settings: StoredSettings, icons: readonly ManifestIcon[]): WebManifest {
  return {
    id: '/',
    name: settings.name,
    short_name: settings.name,
    description: settings.description,
    lang: settings.domain_language,
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: MANIFEST_THEME_COLOR,
    background_color: MANIFEST_BACKGROUND_COLOR,
    icons: [...icons],
  };
}
