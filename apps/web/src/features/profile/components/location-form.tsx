import type { Country } from '@app/shared';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CompassIcon } from '../../../components/icons';
import { currentLocale } from '../../../lib/i18n';
import { useRegions } from '../../../data/regions';
import { useSettings } from '../../../data/settings';
import { useGeolocation } from '../hooks/use-geolocation';
import type { SectionFormProps } from './basics-form';
import { describedBy, FieldShell } from '../../../components/form/field-shell';
import { SaveBar, useSectionSave } from './fields';

interface Place {
  country: string;
  region_id: number | null;
  city: string;
  latitude: number | null;
  longitude: number | null;
}

/** Country, region (named per country) and city, typed in or found with 'use my location'. */
export function LocationForm({ profile, onSaved, submitLabel, secondary }: SectionFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const settings = useSettings();
  const regions = useRegions();
  const geolocation = useGeolocation();
  const [place, setPlace] = useState<Place>({
    country: profile.country,
    region_id: profile.region_id,
    city: profile.city ?? '',
    latitude: profile.latitude,
    longitude: profile.longitude,
  });
  const [foundCity, setFoundCity] = useState<string | null>(null);
  const { save, touch, pending, fieldErrors, saved, formError } = useSectionSave(profile, onSaved);
  const countryNames = new Intl.DisplayNames([currentLocale()], { type: 'region' });
  const countryRegions = regions.data?.regions[place.country];
  const regionLabel = t(`profile.location.regionKinds.${countryRegions?.kind ?? 'region'}`);
  const countries: string[] = settings.countries.includes(place.country as Country)
    ? settings.countries
    : [place.country, ...settings.countries];

  function change(next: Partial<Place>) {
    setPlace((current) => ({ ...current, ...next }));
    setFoundCity(null);
    touch();
  }

  async function handleLocate() {
    const geocode = await geolocation.locate();
    if (!geocode) return;
    setPlace({
      country: geocode.country,
      region_id: geocode.region_id,
      city: geocode.city,
      latitude: geocode.latitude,
      longitude: geocode.longitude,
    });
    setFoundCity(geocode.city);
    touch();
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    save({
      country: place.country as Country,
      region_id: place.region_id,
      city: place.city.trim() || null,
      latitude: place.latitude,
      longitude: place.longitude,
    });
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
    <form className="profile-form" noValidate onSubmit={handleSubmit}>
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
        <FieldShell id={`${id}-country`} label={t('signup.country')} error={fieldErrors.country}>
          <select
            id={`${id}-country`}
            name="country"
            className={`form-select${fieldErrors.country ? ' is-invalid' : ''}`}
            value={place.country}
            aria-invalid={fieldErrors.country ? true : undefined}
            aria-describedby={describedBy(`${id}-country`, fieldErrors.country)}
            onChange={(event) =>
              // Another country: its regions differ and the old coordinates no longer fit.
              change({ country: event.target.value, region_id: null, latitude: null, longitude: null })
            }
          >
            {countries.map((code) => (
              <option key={code} value={code}>
                {countryNames.of(code) ?? code}
              </option>
            ))}
          </select>
        </FieldShell>
        <FieldShell id={`${id}-region`} label={regionLabel} error={fieldErrors.region_id}>
          <select
            id={`${id}-region`}
            name="region_id"
            className={`form-select${fieldErrors.region_id ? ' is-invalid' : ''}`}
            value={place.region_id === null ? '' : String(place.region_id)}
            disabled={!countryRegions}
            aria-invalid={fieldErrors.region_id ? true : undefined}
            aria-describedby={describedBy(`${id}-region`, fieldErrors.region_id)}
            onChange={(event) => change({ region_id: event.target.value ? Number(event.target.value) : null })}
          >
            <option value="">{t('profile.location.chooseRegion', { kind: regionLabel })}</option>
            {countryRegions?.regions.map((region) => (
              <option key={region.id} value={String(region.id)}>
                {region.name}
              </option>
            ))}
          </select>
        </FieldShell>
        <FieldShell id={`${id}-city`} label={t('profile.location.city')} error={fieldErrors.city}>
          <input
            id={`${id}-city`}
            name="city"
            className={`form-control${fieldErrors.city ? ' is-invalid' : ''}`}
            value={place.city}
            maxLength={100}
            autoComplete="address-level2"
            aria-invalid={fieldErrors.city ? true : undefined}
            aria-describedby={describedBy(`${id}-city`, fieldErrors.city)}
            // A typed place has no known coordinates; those came only with a found place.
            onChange={(event) => change({ city: event.target.value, latitude: null, longitude: null })}
          />
        </FieldShell>
      </div>
      <SaveBar pending={pending} saved={saved} formError={formError} submitLabel={submitLabel} secondary={secondary} />
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
    </form>
  );
}
