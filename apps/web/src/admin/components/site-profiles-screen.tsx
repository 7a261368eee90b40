import { useEffect, useReducer, useRef, useState, type ChangeEvent } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import {
  COUNTRIES,
  PROFILE_OPTIONS,
  SiteProfileCreateBodySchema,
  SiteProfileUpdateBodySchema,
  type PhotosResponse,
  type ProfileOption,
  type SiteProfile,
  type SiteProfileCreateBody,
  type SiteProfileUpdateBody,
} from '@app/shared';
import { Form, SelectField, TextAreaField, TextField, useAppForm, useFieldError } from '../../components/form';
import { movePhoto } from '../../lib/photos';
import { useInterests } from '../../data/interests';
import { useRegions } from '../../data/regions';
import { useSiteProfile } from '../api/get-site-profile';
import { useSiteProfiles } from '../api/get-site-profiles';
import { useSaveSiteProfile } from '../api/save-site-profile';
import {
  arrangeSiteProfilePhotos,
  deleteSiteProfilePhoto,
  uploadSiteProfilePhoto,
  useSiteProfilePhotoCall,
} from '../api/site-profile-photos';
import { canOpen } from '../rules';
import { useStaff } from './staff-context';
import { EmptyState, ErrorState, LoadingState, ScreenHeader, useProblemText } from './states';
import { useToast } from './toast';

const OPTION_KEYS = Object.keys(PROFILE_OPTIONS) as ProfileOption[];

/** The site-run (fictional) profiles: thumbnail, name, age, place and conversations waiting. */
export function SiteProfilesScreen() {
  const { t } = useTranslation('admin');
  const staff = useStaff();
  const list = useSiteProfiles();
  return (
    <>
      <ScreenHeader title={t('nav.siteProfiles')}>
        <Link className="btn btn-primary btn-sm" to="/admin/site-profiles/new">
          {t('siteProfiles.new')}
        </Link>
      </ScreenHeader>
      <p className="admin-muted">{t('siteProfiles.intro')}</p>
      {list.isPending ? (
        <LoadingState />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.profiles.length === 0 ? (
        <EmptyState>{t('siteProfiles.empty')}</EmptyState>
      ) : (
        <ul className="admin-list">
          {list.data.profiles.map((p) => (
            <li key={p.id} className="admin-card admin-list__item">
              {p.thumb_url ? (
                <img className="admin-avatar" src={p.thumb_url} alt="" width={48} height={48} />
              ) : (
                <span className="admin-avatar admin-avatar--empty" aria-hidden="true" />
              )}
              <div className="admin-list__main">
                <Link className="fw-semibold" to={`/admin/site-profiles/${p.id}`}>
                  {p.name}
                </Link>
                <span className="admin-muted">
                  {t('siteProfiles.summary', { age: p.age, country: p.country, city: p.city ?? '–' })} · {p.domain}
                </span>
              </div>
              {canOpen(staff.role, 'inbox') ? (
                <Link to="/admin/inbox" aria-label={t('siteProfiles.waitingLabel', { count: p.waiting, name: p.name })}>
                  {t('siteProfiles.waiting', { count: p.waiting })}
                </Link>
              ) : (
                <span>{t('siteProfiles.waiting', { count: p.waiting })}</span>
              )}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** /admin/site-profiles/new and /admin/site-profiles/:id: the form, and the photos once it exists. */
export function SiteProfileScreen() {
  const { t } = useTranslation('admin');
  const { id } = useParams();
  const profileId = id && id !== 'new' ? Number(id) : null;
  const query = useSiteProfile(profileId);
  const title = profileId === null ? t('siteProfiles.new') : (query.data?.profile.name ?? t('nav.siteProfiles'));
  return (
    <>
      <ScreenHeader title={title}>
        <Link className="btn btn-outline-secondary btn-sm" to="/admin/site-profiles">
          {t('siteProfiles.back')}
        </Link>
      </ScreenHeader>
      {profileId === null ? (
        <SiteProfileForm profile={null} />
      ) : query.isPending ? (
        <LoadingState />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <>
          <SiteProfileForm key={query.data.profile.id} profile={query.data.profile} />
          <SiteProfilePhotos profile={query.data.profile} />
        </>
      )}
    </>
  );
}

type SiteProfileDraft = Record<ProfileOption, string> & {
  domain: string;
  name: string;
  gender: string;
  sexuality: string;
  birth_date: string;
  country: string;
  region_id: string;
  city: string;
  about: string;
  interests: number[];
};

type SiteProfileBody = SiteProfileCreateBody | SiteProfileUpdateBody;

function draftOf(profile: SiteProfile | null): SiteProfileDraft {
  const options = Object.fromEntries(OPTION_KEYS.map((key) => [key, profile?.[key] ?? ''])) as Record<
    ProfileOption,
    string
  >;
  return {
    ...options,
    domain: profile?.domain ?? window.location.hostname,
    name: profile?.name ?? '',
    gender: profile?.gender ?? 'female',
    sexuality: profile?.sexuality ?? 'hetero',
    birth_date: profile?.birth_date ?? '',
    country: profile?.country ?? 'NL',
    region_id: profile?.region_id == null ? '' : String(profile.region_id),
    city: profile?.city ?? '',
    about: profile?.about ?? '',
    interests: profile?.interests ?? [],
  };
}

/** The request the draft stands for: a choice left open is null, as is an empty place. */
function requestOf(draft: SiteProfileDraft, profile: SiteProfile | null) {
  const body = {
    name: draft.name,
    gender: draft.gender,
    sexuality: draft.sexuality,
    birth_date: draft.birth_date,
    country: draft.country,
    region_id: draft.region_id ? Number(draft.region_id) : null,
    city: draft.city.trim() || null,
    about: draft.about,
    ...Object.fromEntries(OPTION_KEYS.map((key) => [key, draft[key] || null])),
    interests: draft.interests,
  };
  return profile ? { ...body, id: profile.id } : { ...body, domain: draft.domain };
}

function SiteProfileForm({ profile }: { profile: SiteProfile | null }) {
  const { t } = useTranslation('admin');
  const toast = useToast();
  const navigate = useNavigate();
  const save = useSaveSiteProfile();
  const regions = useRegions();
  const schema: z.ZodType<SiteProfileBody, unknown> = profile
    ? SiteProfileUpdateBodySchema
    : SiteProfileCreateBodySchema;
  const form = useAppForm<SiteProfileDraft, SiteProfileBody>({
    defaultValues: draftOf(profile),
    schema,
    toRequest: (draft) => requestOf(draft, profile),
    // Emptying a saved text is a change the schema words itself; a new profile's blanks are missing.
    keepBlanks: profile !== null,
  });
  const country = useWatch({ control: form.control, name: 'country' });
  const label = (name: string) => t(`siteProfiles.fields.${name}`);
  const options = (values: readonly string[], text: (value: string) => string, optional = false) => [
    ...(optional ? [{ value: '', label: t('siteProfiles.none') }] : []),
    ...values.map((value) => ({ value, label: text(value) })),
  ];

  async function send(body: SiteProfileBody) {
    const { profile: saved } = await save.mutateAsync(body);
    toast(t('siteProfiles.saved'));
    if (!profile) void navigate(`/admin/site-profiles/${saved.id}`);
  }

  return (
    <Form form={form} className="admin-card admin-panel" onSubmit={send}>
      <p className="admin-muted">{t('siteProfiles.fictionalNote')}</p>
      <div className="admin-fields">
        {profile ? null : (
          <TextField name="domain" id="site-profile-domain" label={label('domain')} className="admin-field" required />
        )}
        <TextField
          name="name"
          id="site-profile-name"
          label={label('name')}
          className="admin-field"
          maxLength={40}
          required
        />
        <SelectField
          name="gender"
          id="site-profile-gender"
          label={label('gender')}
          className="admin-field"
          options={options(['female', 'male'], (o) => t(`siteProfiles.genders.${o}`))}
        />
        <SelectField
          name="sexuality"
          id="site-profile-sexuality"
          label={label('sexuality')}
          className="admin-field"
          options={options(['hetero', 'gay', 'lesbian', 'bi'], (o) => t(`siteProfiles.sexualities.${o}`))}
        />
        <TextField
          name="birth_date"
          id="site-profile-birth_date"
          type="date"
          label={label('birth_date')}
          className="admin-field"
          required
        />
        <SelectField
          name="country"
          id="site-profile-country"
          label={label('country')}
          className="admin-field"
          options={options(COUNTRIES, (o) => o)}
          // Another country's regions are not this one's: the region is chosen again.
          onChange={() => form.setValue('region_id', '')}
        />
        <SelectField
          name="region_id"
          id="site-profile-region_id"
          label={label('region_id')}
          className="admin-field"
          options={[
            { value: '', label: t('siteProfiles.none') },
            ...(regions.data?.regions[country]?.regions ?? []).map((region) => ({
              value: String(region.id),
              label: region.name,
            })),
          ]}
        />
        <TextField name="city" id="site-profile-city" label={label('city')} className="admin-field" />
        {OPTION_KEYS.map((key) => (
          <SelectField
            key={key}
            name={key}
            id={`site-profile-${key}`}
            label={label(key)}
            className="admin-field"
            options={options(PROFILE_OPTIONS[key], (o) => t(`siteProfiles.options.${key}.${o}`), true)}
          />
        ))}
        <Controller
          control={form.control}
          name="interests"
          render={({ field }) => <InterestsField chosen={field.value} onChange={field.onChange} />}
        />
        <TextAreaField name="about" id="site-profile-about" label={label('about')} className="admin-field" rows={4} />
      </div>
      <button type="submit" className="btn btn-primary mt-3" disabled={form.formState.isSubmitting}>
        {profile ? t('siteProfiles.save') : t('siteProfiles.create')}
      </button>
    </Form>
  );
}

/**
 * The profile's interests as checkboxes, from the site's interest list (/api/interests.php, the
 * members' profile editor's query). Their names are the members' own texts in the `member`
 * catalogue, loaded with this field, so staff pick exactly what members will read.
 */
function InterestsField({ chosen, onChange }: { chosen: number[]; onChange: (ids: number[]) => void }) {
  const { t } = useTranslation('admin');
  const { t: memberText, ready } = useTranslation('member');
  const problem = useFieldError('interests');
  const list = useInterests();
  const id = 'site-profile-interests';

  function handleToggle(interestId: number, on: boolean) {
    const all = list.data?.interests ?? [];
    // Kept in the list's order, so the saved ids do not depend on the order of the clicks.
    onChange(all.filter((i) => (i.id === interestId ? on : chosen.includes(i.id))).map((i) => i.id));
  }

  return (
    <fieldset
      className="admin-field admin-field--wide"
      aria-invalid={problem ? true : undefined}
      aria-describedby={problem ? `${id}-error` : undefined}
    >
      <legend className="form-label">{t('siteProfiles.fields.interests')}</legend>
      {list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : list.isPending || !ready ? (
        <LoadingState />
      ) : (
        <div className="admin-checklist">
          {list.data.interests.map((interest) => (
            <div key={interest.id} className="form-check">
              <input
                id={`${id}-${interest.id}`}
                type="checkbox"
                className="form-check-input"
                checked={chosen.includes(interest.id)}
                onChange={(event) => handleToggle(interest.id, event.target.checked)}
              />
              <label className="form-check-label" htmlFor={`${id}-${interest.id}`}>
                {memberText(`interests.${interest.key}`, { defaultValue: interest.key })}
              </label>
            </div>
          ))}
        </div>
      )}
      {problem && (
        <div className="invalid-feedback d-block" id={`${id}-error`}>
          {problem}
        </div>
      )}
    </fieldset>
  );
}

/** Where focus goes after a photo call: a control of the same photo, by its element id. */
const photoControlId = (photoId: number, control: 'earlier' | 'later' | 'delete') =>
  `site-profile-photo-${photoId}-${control}`;

/**
 * The photos in the order members see them; the first is the main photo. Staff move a photo
 * earlier or later, or to the front as the main photo, with buttons (no dragging).
 */
function SiteProfilePhotos({ profile }: { profile: SiteProfile }) {
  const { t } = useTranslation('admin');
  const toast = useToast();
  const problemText = useProblemText();
  const upload = useSiteProfilePhotoCall(uploadSiteProfilePhoto);
  const arrange = useSiteProfilePhotoCall(arrangeSiteProfilePhotos);
  const remove = useSiteProfilePhotoCall(deleteSiteProfilePhoto);
  const [preview, setPreview] = useState<string | null>(null);
  const focusAfter = useRef<{ id: string; order: string } | null>(null);
  const [, renderAgain] = useReducer((renders: number) => renders + 1, 0);
  const ids = profile.photos.map((photo) => photo.id);
  const full = profile.photos.length >= profile.photo_limit;
  const busy = arrange.isPending || remove.isPending;
  const onError = (error: unknown) => toast(problemText(error), 'danger');

  // A move re-renders the photo elsewhere with its buttons disabled meanwhile, and a delete takes
  // the focused button away, which drops the keyboard focus: it goes to the moved photo's button,
  // or the next photo's delete button (else the section's heading), once that is enabled again
  // and the photos stand in their saved order. This section may render the call's outcome before
  // the profile's new photos reach it; focusing then would lose the focus again when they move.
  // The call's outcome can arrive after the section's last render, and setting a ref renders
  // nothing, so asking for focus also renders once more.
  useEffect(() => {
    const pending = focusAfter.current;
    if (!pending || ids.join() !== pending.order) return;
    const target = document.getElementById(pending.id);
    if (!target || (target instanceof HTMLButtonElement && target.disabled)) return;
    target.focus();
    focusAfter.current = null;
  });

  function focusOnceShown(id: string, { photos }: PhotosResponse) {
    focusAfter.current = { id, order: photos.map((photo) => photo.id).join() };
    renderAgain();
  }

  function handleDelete(photoId: number) {
    const index = ids.indexOf(photoId);
    const neighbour = ids[index + 1] ?? ids[index - 1];
    remove.mutate(
      { id: profile.id, photoId },
      {
        onSuccess: (saved) => {
          focusOnceShown(neighbour ? photoControlId(neighbour, 'delete') : 'site-profile-photos', saved);
          toast(t('siteProfiles.photoDeleted'));
        },
        onError,
      },
    );
  }

  function handleArrange(order: number[] | null, focus: string) {
    if (!order) return;
    arrange.mutate(
      { id: profile.id, order },
      {
        onSuccess: (saved) => {
          focusOnceShown(focus, saved);
          toast(t('siteProfiles.orderSaved'));
        },
        onError,
      },
    );
  }

  function handleMove(photoId: number, direction: -1 | 1) {
    const order = movePhoto(ids, photoId, direction);
    const to = order ? order.indexOf(photoId) : -1;
    // At either end the button that moved it further is disabled: focus the other one.
    const atEnd = direction === -1 ? to === 0 : to === ids.length - 1;
    const control = direction === -1 ? (atEnd ? 'later' : 'earlier') : atEnd ? 'earlier' : 'later';
    handleArrange(order, photoControlId(photoId, control));
  }

  function handleFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const url = URL.createObjectURL(file);
    setPreview(url);
    upload.mutate(
      { id: profile.id, file },
      {
        onSuccess: () => toast(t('siteProfiles.photoAdded')),
        onError,
        onSettled: () => {
          URL.revokeObjectURL(url);
          setPreview(null);
        },
      },
    );
  }

  return (
    <section className="admin-card admin-panel admin-section" aria-labelledby="site-profile-photos">
      <h2 className="admin-panel__title" id="site-profile-photos" tabIndex={-1}>
        {t('siteProfiles.photos', { count: profile.photos.length, limit: profile.photo_limit })}
      </h2>
      {profile.photos.length === 0 && !preview ? (
        <EmptyState>{t('siteProfiles.noPhotos')}</EmptyState>
      ) : (
        <p className="admin-muted">{t('siteProfiles.orderHint')}</p>
      )}
      <ul className="admin-photos admin-photos--arranged">
        {profile.photos.map((photo, index) => {
          const label = t('siteProfiles.photoN', { n: index + 1, name: profile.name });
          return (
            <li key={photo.id} className="admin-card admin-photo">
              <img src={photo.thumb_filename} alt={label} />
              <div className="admin-photo__actions">
                {photo.is_main ? (
                  <span className="badge admin-badge admin-badge--resolved">{t('siteProfiles.main')}</span>
                ) : (
                  <button
                    type="button"
                    className="btn btn-sm btn-outline-primary"
                    aria-label={t('siteProfiles.makeMainLabel', { photo: label })}
                    disabled={busy}
                    onClick={() =>
                      handleArrange(
                        [photo.id, ...ids.filter((other) => other !== photo.id)],
                        photoControlId(photo.id, 'later'),
                      )
                    }
                  >
                    {t('siteProfiles.makeMain')}
                  </button>
                )}
                <div
                  className="btn-group btn-group-sm"
                  role="group"
                  aria-label={t('siteProfiles.moveGroup', { photo: label })}
                >
                  <button
                    id={photoControlId(photo.id, 'earlier')}
                    type="button"
                    className="btn btn-outline-secondary"
                    aria-label={t('siteProfiles.moveEarlierLabel', { photo: label })}
                    title={t('siteProfiles.moveEarlier')}
                    disabled={busy || index === 0}
                    onClick={() => handleMove(photo.id, -1)}
                  >
                    <span aria-hidden="true">←</span>
                  </button>
                  <button
                    id={photoControlId(photo.id, 'later')}
                    type="button"
                    className="btn btn-outline-secondary"
                    aria-label={t('siteProfiles.moveLaterLabel', { photo: label })}
                    title={t('siteProfiles.moveLater')}
                    disabled={busy || index === profile.photos.length - 1}
                    onClick={() => handleMove(photo.id, 1)}
                  >
                    <span aria-hidden="true">→</span>
                  </button>
                </div>
                <button
                  id={photoControlId(photo.id, 'delete')}
                  type="button"
                  className="btn btn-sm btn-outline-danger"
                  aria-label={t('siteProfiles.deletePhotoLabel', { photo: label })}
                  disabled={busy}
                  onClick={() => handleDelete(photo.id)}
                >
                  {t('siteProfiles.deletePhoto')}
                </button>
              </div>
            </li>
          );
        })}
        {preview && (
          <li className="admin-card admin-photo" aria-busy="true">
            <img src={preview} alt={t('siteProfiles.uploading')} />
          </li>
        )}
      </ul>
      <label className={`btn btn-outline-primary mt-3${full || upload.isPending ? ' disabled' : ''}`}>
        {t('siteProfiles.addPhoto')}
        <input
          type="file"
          accept="image/jpeg,image/png,image/webp"
          className="visually-hidden"
          disabled={full || upload.isPending}
          onChange={handleFile}
        />
      </label>
      {full && <p className="admin-muted">{t('siteProfiles.photoLimit')}</p>}
    </section>
  );
}
