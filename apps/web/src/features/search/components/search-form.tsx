import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronDownIcon, SlidersIcon } from '../../../components/icons';
import { currentLocale } from '../../../lib/i18n';
import { useRegions } from '../../../data/regions';
import { useSettings } from '../../../data/settings';
import { ageRangeError, visibleFilters, type AppliedFilters, type Gender } from '../rules';
import './search.scss';

interface SearchFormProps {
  /** The filters the current search applies, defaults filled in; the form starts from them (key it by the search). */
  applied: AppliedFilters;
  /** Whether a member searches: the gender default then follows their profile. */
  member: boolean;
  onSearch: (form: AppliedFilters) => void;
  /** Back to the defaults; offered while the search differs from them. */
  onReset?: () => void;
}

/**
 * The filter panel: only the filters the site allows (settings.search_fields), showing the
 * values the search applies, so a member sees the defaults rather than empty fields.
 */
export function SearchForm({ applied, member, onSearch, onReset }: SearchFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const settings = useSettings();
  const fields = new Set(visibleFilters(settings));
  const regions = useRegions();
  const [form, setForm] = useState<AppliedFilters>(applied);
  const [ageError, setAgeError] = useState<string | null>(null);
  // Phones show the filters folded, as one line of what applies; wider screens always open.
  const [open, setOpen] = useState(false);

  if (fields.size === 0) return null;

  const countryNames = new Intl.DisplayNames([currentLocale()], { type: 'region' });
  const served: string[] = settings.countries;
  const countries = !form.country || served.includes(form.country) ? served : [form.country, ...served];
  const countryRegions = regions.data?.regions[form.country];
  const regionLabel = t(`profile.location.regionKinds.${countryRegions?.kind ?? 'region'}`);
  const genderName = (gender: Gender | null) =>
    gender === 'female'
      ? t('search.genderFemale')
      : gender === 'male'
        ? t('search.genderMale')
        : member
          ? t('search.genderDefault')
          : t('search.genderBoth');
  const appliedRegion = regions.data?.regions[applied.country]?.regions.find((r) => r.id === applied.countryregion);
  const summary = [
    fields.has('gender') && genderName(applied.gender),
    fields.has('country') && (countryNames.of(applied.country) ?? applied.country),
    fields.has('countryregion') && appliedRegion?.name,
    (fields.has('min_age') || fields.has('max_age')) && `${applied.min_age}–${applied.max_age}`,
    applied.verified && t('search.verifiedOnly'),
  ]
    .filter(Boolean)
    .join(' · ');
  const ages = Array.from({ length: 99 - settings.min_age + 1 }, (_, index) => settings.min_age + index);

  function change(next: Partial<AppliedFilters>) {
    setForm((current) => ({ ...current, ...next }));
    setAgeError(null);
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const error = ageRangeError(form, settings);
    if (error) {
      setAgeError(
        error === 'range'
          ? t('search.ageRange')
          : error === 'too_small'
            ? t('search.ageTooSmall', { min: settings.min_age })
            : t('search.ageTooBig', { max: 99 }),
      );
      return;
    }
    onSearch(form);
  }

  return (
    <form
      className={`search-form${open ? ' search-form--open' : ''}`}
      onSubmit={handleSubmit}
      aria-labelledby={`${id}-title`}
      noValidate
    >
      <h2 className="search-form__title" id={`${id}-title`}>
        <button
          type="button"
          className="search-form__toggle"
          aria-expanded={open}
          aria-controls={`${id}-body`}
          onClick={() => setOpen((current) => !current)}
        >
          <SlidersIcon size={18} />
          <span className="search-form__toggle-text">
            <span>{t('search.filters')}</span>
            <span className="search-form__summary">{summary}</span>
          </span>
          <ChevronDownIcon size={18} className="search-form__chevron" />
        </button>
        <span className="search-form__heading">
          <SlidersIcon size={18} /> {t('search.filters')}
        </span>
      </h2>
      <div className="search-form__body" id={`${id}-body`}>
        <div className="search-form__fields">
          {fields.has('gender') && (
            <div className="search-form__field">
              <label className="form-label" htmlFor={`${id}-gender`}>
                {t('search.gender')}
              </label>
              <select
                id={`${id}-gender`}
                className="form-select"
                value={form.gender ?? ''}
                onChange={(event) => change({ gender: (event.target.value || null) as Gender | null })}
              >
                <option value="">{member ? t('search.genderDefault') : t('search.genderBoth')}</option>
                <option value="female">{t('search.genderFemale')}</option>
                <option value="male">{t('search.genderMale')}</option>
              </select>
            </div>
          )}
          {fields.has('country') && (
            <div className="search-form__field">
              <label className="form-label" htmlFor={`${id}-country`}>
                {t('search.country')}
              </label>
              <select
                id={`${id}-country`}
                className="form-select"
                value={form.country}
                onChange={(event) => change({ country: event.target.value, countryregion: null })}
              >
                {countries.map((code) => (
                  <option key={code} value={code}>
                    {countryNames.of(code) ?? code}
                  </option>
                ))}
              </select>
            </div>
          )}
          {fields.has('countryregion') && (
            <div className="search-form__field">
              <label className="form-label" htmlFor={`${id}-region`}>
                {regionLabel}
              </label>
              <select
                id={`${id}-region`}
                className="form-select"
                value={form.countryregion ?? ''}
                disabled={!countryRegions}
                onChange={(event) => change({ countryregion: event.target.value ? Number(event.target.value) : null })}
              >
                <option value="">{t('search.anyRegion')}</option>
                {countryRegions?.regions.map((region) => (
                  <option key={region.id} value={region.id}>
                    {region.name}
                  </option>
                ))}
              </select>
            </div>
          )}
          {(fields.has('min_age') || fields.has('max_age')) && (
            <fieldset
              className="search-form__field search-form__ages"
              aria-describedby={ageError ? `${id}-age-error` : undefined}
            >
              <legend className="form-label">{t('search.age')}</legend>
              <div className="search-form__age-inputs">
                {fields.has('min_age') && (
                  <select
                    id={`${id}-min-age`}
                    className={`form-select${ageError ? ' is-invalid' : ''}`}
                    aria-label={t('search.minAge')}
                    value={form.min_age}
                    onChange={(event) => change({ min_age: Number(event.target.value) })}
                  >
                    {ages.map((age) => (
                      <option key={age} value={age}>
                        {age}
                      </option>
                    ))}
                  </select>
                )}
                {fields.has('min_age') && fields.has('max_age') && (
                  <span className="search-form__age-dash" aria-hidden="true">
                    –
                  </span>
                )}
                {fields.has('max_age') && (
                  <select
                    id={`${id}-max-age`}
                    className={`form-select${ageError ? ' is-invalid' : ''}`}
                    aria-label={t('search.maxAge')}
                    value={form.max_age}
                    onChange={(event) => change({ max_age: Number(event.target.value) })}
                  >
                    {ages.map((age) => (
                      <option key={age} value={age}>
                        {age}
                      </option>
                    ))}
                  </select>
                )}
              </div>
              {ageError && (
                <p className="invalid-feedback d-block mb-0" id={`${id}-age-error`} role="alert">
                  {ageError}
                </p>
              )}
            </fieldset>
          )}
          <div className="search-form__field search-form__verified form-check">
            <input
              id={`${id}-verified`}
              type="checkbox"
              className="form-check-input"
              checked={form.verified}
              onChange={(event) => change({ verified: event.target.checked })}
            />
            <label className="form-check-label" htmlFor={`${id}-verified`}>
              {t('search.verifiedOnly')}
            </label>
          </div>
        </div>
        <div className="search-form__actions">
          <button type="submit" className="btn btn-primary">
            {t('search.submit')}
          </button>
          {onReset && (
            <button type="button" className="btn btn-link" onClick={onReset}>
              {t('search.reset')}
            </button>
          )}
        </div>
      </div>
    </form>
  );
}
