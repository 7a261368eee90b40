import {
  ProfileUpdateBodySchema,
  seekingFor,
  sexualityFor,
  startsWithAt,
  type Country,
  type Gender,
  type ProfileOption,
  type Seeking,
} from '@app/shared';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, useAppForm } from '../../../components/form';
import { useSettings } from '../../../data/settings';
import type { OwnProfile, ProfileUpdateBody } from '../api/contract';
import { useUpdateProfile } from '../api/update-profile';
import { changedFields, profileSections, type ProfileSections } from '../rules';
import { SaveBar } from './fields';

/** The parts of the profile a form edits: the whole page, or one step of the signup wizard. */
export type ProfilePart = 'basics' | 'about' | 'details' | 'location';

/** The profile as its form holds it: selects hold text ('' for 'not said' or no region). */
export type ProfileValues = {
  name: string;
  gender: Gender;
  seeking: Seeking;
  birth_date: string;
  about: string;
  interests: number[];
  country: string;
  region_id: string;
  city: string;
  latitude: number | null;
  longitude: number | null;
} & Record<ProfileOption, string>;

export function profileValues(profile: OwnProfile): ProfileValues {
  return {
    name: profile.name,
    gender: profile.gender,
    seeking: seekingFor(profile.gender, profile.sexuality),
    birth_date: profile.birth_date,
    about: profile.about,
    interests: profile.interests,
    country: profile.country,
    region_id: profile.region_id === null ? '' : String(profile.region_id),
    city: profile.city ?? '',
    latitude: profile.latitude,
    longitude: profile.longitude,
    hair_color: profile.hair_color ?? '',
    eye_color: profile.eye_color ?? '',
    body_type: profile.body_type ?? '',
    relationship_status: profile.relationship_status ?? '',
    tattoos: profile.tattoos ?? '',
    reason: profile.reason ?? '',
  };
}

/** The request the values of `parts` stand for (the sections the site shows). */
function requestOf(
  values: ProfileValues,
  parts: readonly ProfilePart[],
  sections: ProfileSections,
): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  if (parts.includes('basics')) {
    Object.assign(body, {
      name: values.name,
      gender: values.gender,
      sexuality: sexualityFor(values.gender, values.seeking),
      birth_date: values.birth_date,
    });
  }
  if (parts.includes('about') && sections.about) body.about = values.about;
  if (parts.includes('details')) {
    for (const key of sections.options) body[key] = values[key] || null;
    if (sections.interests) body.interests = values.interests;
  }
  if (parts.includes('location')) {
    Object.assign(body, {
      country: values.country as Country,
      region_id: values.region_id ? Number(values.region_id) : null,
      city: values.city.trim() || null,
      latitude: values.latitude,
      longitude: values.longitude,
    });
  }
  return body;
}

/** The basics may not be emptied: a profile always has a name (not starting with @) and a birth date. */
const WithBasicsSchema = ProfileUpdateBodySchema.extend({
  name: ProfileUpdateBodySchema.shape.name.unwrap().refine((name) => !startsWithAt(name), {
    error: 'name_starts_with_at',
  }),
  birth_date: ProfileUpdateBodySchema.shape.birth_date.unwrap(),
});

interface ProfileFormProps {
  profile: OwnProfile;
  parts: readonly ProfilePart[];
  /** Called once the form is saved (the wizard moves on). */
  onSaved?: (() => void) | undefined;
  submitLabel?: string | undefined;
  /** Buttons before the submit button, e.g. the wizard's 'Later'. */
  secondary?: ReactNode;
  className?: string;
  children: ReactNode;
}

/**
 * A form over one or more parts of the own profile, with one save: it sends only what differs
 * from the saved profile (so it never overwrites what another tab changed), puts the server's
 * field messages on their fields, and says when all of it is saved. The /profile page is one
 * of these over every part, so an edit in one card is saved with the others, never lost.
 */
export function ProfileForm({
  profile,
  parts,
  onSaved,
  submitLabel,
  secondary,
  className,
  children,
}: ProfileFormProps) {
  const { t } = useTranslation();
  const sections = profileSections(useSettings());
  const update = useUpdateProfile();
  const [saved, setSaved] = useState(false);
  const form = useAppForm<ProfileValues, ProfileUpdateBody>({
    defaultValues: profileValues(profile),
    schema: parts.includes('basics') ? WithBasicsSchema : ProfileUpdateBodySchema,
    toRequest: (values) => requestOf(values, parts, sections),
    keepBlanks: true,
    messages: {
      name: { field_required: t('auth.errors.nameRequired'), name_starts_with_at: t('auth.errors.nameStartsWithAt') },
      birth_date: { date_of_birth_required: t('auth.errors.dateOfBirthRequired') },
    },
  });

  async function send(edited: ProfileUpdateBody) {
    setSaved(false);
    const body = changedFields(profile, edited);
    const stored = Object.keys(body).length === 0 ? profile : (await update.mutateAsync(body)).profile;
    // The saved profile is what the form now differs from; an edit after this shows as unsaved.
    form.reset(profileValues(stored));
    setSaved(true);
    onSaved?.();
  }

  const { isSubmitting, isDirty } = form.formState;
  return (
    <Form form={form} onSubmit={send} alert={false} className={className ?? 'profile-form'}>
      {children}
      <SaveBar
        pending={isSubmitting}
        saved={saved && !isDirty}
        formError={form.formError ?? null}
        submitLabel={submitLabel}
        secondary={secondary}
      />
    </Form>
  );
}
