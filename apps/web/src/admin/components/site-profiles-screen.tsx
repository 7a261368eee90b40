import { useEffect, useReducer, useRef, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import {
  COUNTRIES,
  PROFILE_OPTIONS,
  type PhotosResponse,
  type ProfileOption,
  type SiteProfile,
  type SiteProfileCreateBody,
  type SiteProfileUpdateBody,
} from '@app/shared';
import { ApiError } from '../../lib/api';
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

type Draft = Record<string, string>;

function draftOf(profile: SiteProfile | null): Draft {
  const draft: Draft = {
    domain: profile?.domain ?? window.location.hostname,
    name: profile?.name ?? '',
    gender: profile?.gender ?? 'female',
    sexuality: profile?.sexuality ?? 'hetero',
    birth_date: profile?.birth_date ?? '',
    country: profile?.country ?? 'NL',
    region_id: profile?.region_id == null ? '' : String(profile.region_id),
    city: profile?.city ?? '',
    about: profile?.about ?? '',
  };
  for (const key of OPTION_KEYS) draft[key] = profile?.[key] ?? '';
  return draft;
}

function bodyOf(draft: Draft) {
  const options = Object.fromEntries(OPTION_KEYS.map((key) => [key, draft[key] || null]));
  return {
    name: draft.name!.trim(),
    gender: draft.gender,
    sexuality: draft.sexuality,
    birth_date: draft.birth_date,
    country: draft.country,
    region_id: draft.region_id ? Number(draft.region_id) : null,
    city: draft.city!.trim() || null,
    about: draft.about!.trim(),
    ...options,
  };
}

function SiteProfileForm({ profile }: { profile: SiteProfile | null }) {
  const { t } = useTranslation('admin');
  const toast = useToast();
  const navigate = useNavigate();
  const problemText = useProblemText();
  const save = useSaveSiteProfile();
  const regions = useRegions();
  const [draft, setDraft] = useState<Draft>(() => draftOf(profile));
  const [interests, setInterests] = useState<number[]>(() => profile?.interests ?? []);
  const fields = save.error instanceof ApiError ? (save.error.fields ?? {}) : {};

  function handleChange(event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) {
    const { name, value } = event.target;
    // Another country's regions are not this one's: the region is chosen again.
    setDraft((current) => ({ ...current, [name]: value, ...(name === 'country' ? { region_id: '' } : {}) }));
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const body = { ...bodyOf(draft), interests };
    const request = (profile ? { ...body, id: profile.id } : { ...body, domain: draft.domain!.trim() }) as unknown as
      SiteProfileCreateBody | SiteProfileUpdateBody;
    save.mutate(request, {
      onSuccess: ({ profile: saved }) => {
        toast(t('siteProfiles.saved'));
        if (!profile) void navigate(`/admin/site-profiles/${saved.id}`);
      },
      onError: (error) => toast(problemText(error), 'danger'),
    });
  }

  function field(name: string, control: (id: string, invalid: boolean) => ReactNode) {
    const id = `site-profile-${name}`;
    const problem = fields[name];
    return (
      <div className="admin-field" key={name}>
        <label className="form-label" htmlFor={id}>
          {t(`siteProfiles.fields.${name}`)}
        </label>
        {control(id, Boolean(problem))}
        {problem && (
          <div className="invalid-feedback d-block" id={`${id}-error`}>
            {problem}
          </div>
        )}
      </div>
    );
  }

  const input = (name: string, type = 'text', extra: Record<string, unknown> = {}) =>
    field(name, (id, invalid) => (
      <input
        id={id}
        name={name}
        type={type}
        className={`form-control${invalid ? ' is-invalid' : ''}`}
        value={draft[name]}
        onChange={handleChange}
        aria-invalid={invalid}
        {...(invalid ? { 'aria-describedby': `${id}-error` } : {})}
        {...extra}
      />
    ));

  const select = (name: string, options: readonly string[], label: (o: string) => string, optional = false) =>
    field(name, (id, invalid) => (
      <select
        id={id}
        name={name}
        className={`form-select${invalid ? ' is-invalid' : ''}`}
        value={draft[name]}
        onChange={handleChange}
        aria-invalid={invalid}
      >
        {optional && <option value="">{t('siteProfiles.none')}</option>}
        {options.map((o) => (
          <option key={o} value={o}>
            {label(o)}
          </option>
        ))}
      </select>
    ));

  return (
    <form className="admin-card admin-panel" onSubmit={handleSubmit} noValidate>
      <p className="admin-muted">{t('siteProfiles.fictionalNote')}</p>
      <div className="admin-fields">
        {profile ? null : input('domain', 'text', { required: true })}
        {input('name', 'text', { required: true, maxLength: 40 })}
        {select('gender', ['female', 'male'], (o) => t(`siteProfiles.genders.${o}`))}
        {select('sexuality', ['hetero', 'gay', 'lesbian', 'bi'], (o) => t(`siteProfiles.sexualities.${o}`))}
        {input('birth_date', 'date', { required: true })}
        {select('country', COUNTRIES, (o) => o)}
        {field('region_id', (id, invalid) => (
          <select
            id={id}
            name="region_id"
            className={`form-select${invalid ? ' is-invalid' : ''}`}
            value={draft.region_id}
            onChange={handleChange}
            aria-invalid={invalid}
          >
            <option value="">{t('siteProfiles.none')}</option>
            {(regions.data?.regions[draft.country ?? '']?.regions ?? []).map((region) => (
              <option key={region.id} value={String(region.id)}>
                {region.name}
              </option>
            ))}
          </select>
        ))}
        {input('city')}
        {OPTION_KEYS.map((key) =>
          select(key, PROFILE_OPTIONS[key], (o) => t(`siteProfiles.options.${key}.${o}`), true),
        )}
        <InterestsField chosen={interests} problem={fields.interests} onChange={setInterests} />
        {field('about', (id, invalid) => (
          <textarea
            id={id}
            name="about"
            rows={4}
            className={`form-control${invalid ? ' is-invalid' : ''}`}
            value={draft.about}
            onChange={handleChange}
            aria-invalid={invalid}
          />
        ))}
      </div>
      <button type="submit" className="btn btn-primary mt-3" disabled={save.isPending}>
        {profile ? t('siteProfiles.save') : t('siteProfiles.create')}
      </button>
    </form>
  );
}

/**
 * The profile's interests as checkboxes, from the site's interest list (/api/interests.php, the
 * members' profile editor's query). Their names are the members' own texts in the `member`
 * catalogue, loaded with this field, so staff pick exactly what members will read.
 */
function InterestsField({
  chosen,
  problem,
  onChange,
}: {
  chosen: number[];
  problem: string | undefined;
  onChange: (ids: number[]) => void;
}) {
  const { t } = useTranslation('admin');
  const { t: memberText, ready } = useTranslation('member');
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
