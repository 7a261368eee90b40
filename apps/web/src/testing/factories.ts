import type { CompanyInfo, MemberProfile, Photo, ProfileCard, SiteSettings, User } from '@app/shared';

/** Site settings as the API answers them, with overrides. */
export function buildSettings(overrides: Partial<SiteSettings> = {}): SiteSettings {
  return {
    name: 'Amoria',
    index_title: 'Amoria – daten, chatten en nieuwe mensen ontmoeten',
    description: 'Maak gratis een profiel aan.',
    domain: 'localhost',
    domain_language: 'nl',
    cdn_prefix: '',
    niche: 1,
    countries: ['NL', 'BE'],
    visible_profile_fields: ['hair_color'],
    visible_profile_notes: true,
    message_credits: 10,
    photo_credits: 15,
    gift_credits: 20,
    signup_credits: 20,
    free_messages: 3,
    message_length: 1000,
    minimum_message_costs: {},
    min_age: 18,
    support_email: 'support@amoria.example',
    support_phone: '+31201234567',
    enable_site_entry_popup: 'yes',
    enable_us_footer: true,
    push_public_key: null,
    search_fields: ['gender', 'min_age', 'max_age'],
    fictional_icon: 'fictional',
    fictional_warning: 'Dit profiel is fictief en wordt beheerd door ons team.',
    fictional_singular: 'fictief profiel',
    fictional_plural: 'fictieve profielen',
    refund_days: 14,
    signups: 'all',
    logged_out_search: true,
    logged_out_search_trafficsource: false,
    member_resell: false,
    geoip_country: 'NL',
    geoip_selected_country: 'NL',
    interests: [],
    region_kinds: {},
    ...overrides,
  };
}

/** A logged-in member, with overrides. */
export function buildUser(overrides: Partial<User> = {}): User {
  return {
    status: 'confirmed',
    credits: 50,
    paid_user: false,
    signup_date: '2026-01-01T10:00:00Z',
    language: 'nl',
    fictional_icon: 'fictional',
    notifications_disabled: [],
    verification_notice: null,
    profile: { id: 7, name: 'Sanne', country: 'NL', status: 'active', main_image: null },
    ...overrides,
  };
}

export function buildCompanyInfo(overrides: Partial<CompanyInfo> = {}): CompanyInfo {
  return {
    name: 'Amoria B.V.',
    address: 'Keizersgracht 1',
    kvk: '12345678',
    city: 'Amsterdam',
    country: 'NL',
    tradenames: ['Amoria'],
    vat_numbers: ['NL123456789B01'],
    support_phone: '+31201234567',
    delete_discount: 20,
    added: '2024-03-01T00:00:00Z',
    ...overrides,
  };
}

/** Every profile field visible, as on a site that shows them all. */
export const ALL_FIELDS_SETTINGS: Partial<SiteSettings> = {
  visible_profile_fields: [
    'hair_color',
    'eye_color',
    'body_type',
    'relationship_status',
    'tattoos',
    'reason',
    'interests',
  ],
  visible_profile_notes: true,
};

/** A photo as the API answers it, with URLs ready for img src. */
export function buildPhoto(id: number, position: number): Photo {
  return {
    id,
    position,
    is_main: position === 0,
    filename: `/media/photos/${id}.webp`,
    thumb_filename: `/media/photos/${id}-thumb.webp`,
    match: `/media/photos/${id}-match.webp`,
  };
}

/** A profile card as lists answer it, with overrides. */
export function buildCard(overrides: Partial<ProfileCard> = {}): ProfileCard {
  return {
    id: 21,
    name: 'Lotte',
    age: 31,
    city: 'Utrecht',
    region_id: null,
    country: 'NL',
    thumb: '/media/photos/210-thumb.webp',
    match: '/media/photos/210-match.webp',
    fictional: false,
    online: false,
    recently_active: false,
    active_this_week: false,
    verified: false,
    ...overrides,
  };
}

/** Another member's profile as GET /api/member.php answers it to a free viewer, with overrides. */
export function buildMember(overrides: Partial<MemberProfile> = {}): MemberProfile {
  return {
    ...buildCard({
      id: 12,
      name: 'Eva',
      age: 34,
      city: 'Haarlem',
      online: true,
      recently_active: true,
      active_this_week: true,
    }),
    gender: 'female',
    sexuality: 'hetero',
    about: 'Dol op zeilen en lange zondagen.',
    hair_color: 'red',
    eye_color: 'green',
    body_type: null,
    relationship_status: 'single',
    tattoos: null,
    reason: 'relationship',
    interests: [1, 3],
    photos: [buildPhoto(120, 0), buildPhoto(121, 1)],
    locked_photos: 0,
    blocked_by_me: false,
    related: [],
    ...overrides,
  };
}

/** GET /api/interests.php as seeded. */
export const INTERESTS = {
  interests: [
    { id: 1, key: 'adventure', icon: 'adventure' },
    { id: 2, key: 'music', icon: 'music' },
    { id: 3, key: 'travelling', icon: 'travelling' },
  ],
};
