import type { Country } from '@app/shared';
import { useId, useState, type ReactNode } from 'react';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SelectField, TextField } from '../../../components/form';
import { CompassIcon } from '../../../components/icons';
import { currentLocale } from '../../../lib/i18n';
import { useRegions } from '../../../data/regions';
import { useSettings } from '../../../data/settings';
import type { OwnProfile } from '../api/contract';
import { useGeolocation } from '../hooks/use-geolocation';
import { ProfileForm, type ProfileValues } from './profile-form';

/** What a step of the signup wizard hands the form it shows. */
export interface WizardStepProps {
  profile: OwnProfile;
  onSaved?: () => void;
  submitLabel?: string;
  secondary?: ReactNode;
}

/** Country, region (named per country) and city, typed in or found with 'use my location': fields of the profile form. */
export function LocationFields() {
  const { t } = useTranslation();
  const id = useId();
  const settings = useSettings();
  const regions = useRegions();
  const geolocation = useGeolocation();
  const { watch, setValue } = useFormContext<ProfileValues>();
  const [foundCity, setFoundCity] = useState<string | null>(null);
  const country = watch('country');
  const countryNames = new Intl.DisplayNames([currentLocale()], { type: 'region' });
  const countryRegions = regions.data?.regions[country];
  const regionLabel = t(`profile.location.regionKinds.${countryRegions?.kind ?? 'region'}`);
  const countries: string[] = settings.countries.includes(country as Country)
    ? settings.countries
    : [country, ...settings.countries];

  /** A place typed or chosen by hand has no known coordinates; those came only with a found place. */
  function forgetPosition() {
    setValue('latitude', null, { shouldDirty: true });
    setValue('longitude', null, { shouldDirty: true });
    setFoundCity(null);
  }

  async function handleLocate() {
    const geocode = await geolocation.locate();
    if (!geocode) return;
    const found = { shouldDirty: true };
    setValue('country', geocode.country, found);
    setValue('region_id', geocode.region_id === null ? '' : String(geocode.region_id), found);
    setValue('city', geocode.city, found);
    setValue('latitude', geocode.latitude, found);
    setValue('longitude', geocode.longitude, found);
    setFoundCity(geocode.city);
  }

  const locating = geolocation.status === 'locating';
  const permissionNote =
    geolocation.permission === 'unsupported'
      ? t('profile.location.unsupported')
      : geolocation.permission === 'denied'
        ? t('profile.location.denied')
        : null;
  const locateNote =
    geolocation.status === 'failed'
      ? geolocation.error
      : foundCity
        ? t('profile.location.found', { city: foundCity })
        : permissionNote;

  return (
    <>
      <div className="profile-locate">
        <button
          type="button"
          className="btn btn-outline-primary profile-locate__button"
          onClick={() => void handleLocate()}
          disabled={locating || geolocation.permission === 'unsupported'}
          aria-describedby={`${id}-locate-status`}
        >
          <CompassIcon size={18} />
          {locating ? t('profile.location.locating') : t('profile.location.useMine')}
        </button>
        <p
          id={`${id}-locate-status`}
          role="status"
          className={`profile-locate__status${geolocation.status === 'failed' ? ' profile-locate__status--error' : ''}`}
        >
          {locateNote ?? t('profile.location.useMineHint')}
        </p>
      </div>
      <div className="profile-form__grid">
        <SelectField
          name="country"
          label={t('signup.country')}
          options={countries.map((code) => ({ value: code, label: countryNames.of(code) ?? code }))}
          onChange={() => {
            // Another country: its regions differ and the old coordinates no longer fit.
            setValue('region_id', '');
            forgetPosition();
          }}
        />
        <SelectField
          name="region_id"
          label={regionLabel}
          disabled={!countryRegions}
          options={[
            { value: '', label: t('profile.location.chooseRegion', { kind: regionLabel }) },
            ...(countryRegions?.regions.map((region) => ({ value: String(region.id), label: region.name })) ?? []),
          ]}
          onChange={() => setFoundCity(null)}
        />
        <TextField
          name="city"
          label={t('profile.location.city')}
          maxLength={100}
          autoComplete="address-level2"
          onChange={forgetPosition}
        />
      </div>
      {/* The place names' licence (CC BY 4.0) asks for this credit where they are used. */}
      <p className="profile-locate__credit">
        {t('profile.location.credit')}{' '}
        <a href="https://www.geonames.org/" target="_blank" rel="noopener noreferrer">
          GeoNames
        </a>{' '}
        (
        <a href="https://creativecommons.org/licenses/by/4.0/" target="_blank" rel="noopener noreferrer">
          CC BY 4.0
        </a>
        )
      </p>
    </>
  );
}

/** The wizard's location step: the place on its own, saved by the step's button. */
export function LocationForm(props: WizardStepProps) {
  return (
    <ProfileForm {...props} parts={['location']}>
      <LocationFields />
    </ProfileForm>
  );
}
