import { LOCALE_ENTRIES } from '@app/i18n';
import { AdminSiteBodySchema, isLocale, type AdminSiteBody, type Locale } from '@app/shared';
import { useId, useState } from 'react';
import { useFieldArray, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  CheckField,
  CheckListField,
  Form,
  SelectField,
  TextAreaField,
  TextField,
  useAppForm,
  useGroupError,
} from '../../components/form';
import type { AdminSite } from '../api/contract';
import { useSites } from '../api/get-sites';
import { useSaveSite } from '../api/save-site';
import {
  settingsCandidate,
  settingsDraft,
  SETTINGS_GROUPS,
  type FieldKind,
  type LocalizedDraft,
  type SettingsDraft,
  type SettingsField,
} from '../rules';
import { EmptyState, ErrorState, LoadingState, ScreenHeader } from './states';
import { useToast } from './toast';

/** Sites' settings: pick a domain, edit every stored field, checked by the server's own schema before saving. */
export function SettingsScreen() {
  const { t } = useTranslation('admin');
  const sites = useSites();
  const [chosen, setChosen] = useState<number | null>(null);
  const siteId = useId();

  if (sites.isPending) {
    return (
      <>
        <ScreenHeader title={t('nav.settings')} />
        <LoadingState />
      </>
    );
  }
  if (sites.isError) {
    return (
      <>
        <ScreenHeader title={t('nav.settings')} />
        <ErrorState error={sites.error} onRetry={() => void sites.refetch()} />
      </>
    );
  }
  const list = sites.data.sites;
  if (list.length === 0) {
    return (
      <>
        <ScreenHeader title={t('nav.settings')} />
        <EmptyState>{t('settings.noSites')}</EmptyState>
      </>
    );
  }
  const site = list.find((s) => s.id === chosen) ?? list.find((s) => s.is_default) ?? list[0]!;

  return (
    <>
      <ScreenHeader title={t('nav.settings')}>
        <div className="admin-inline-field">
          <label className="form-label mb-0" htmlFor={siteId}>
            {t('settings.site')}
          </label>
          <select
            id={siteId}
            className="form-select form-select-sm"
            value={site.id}
            onChange={(e) => setChosen(Number(e.target.value))}
          >
            {list.map((s) => (
              <option key={s.id} value={s.id}>
                {s.domain}
                {s.is_default ? ` (${t('settings.default')})` : ''}
              </option>
            ))}
          </select>
        </div>
      </ScreenHeader>
      {/* A new site starts a fresh form: unsaved edits belong to the site they were made on. */}
      <SettingsForm key={site.id} site={site} />
    </>
  );
}

/** The form's values: the settings under the request's own name, so its paths are the server's. */
interface SettingsValues {
  settings: SettingsDraft;
}

/** A problem inside the costs (a row's price) shows at the costs as a whole: the rows are the form's. */
const settingsField = (path: string) => path.replace(/^(settings\.minimum_message_costs)\..+$/, '$1');

function SettingsForm({ site }: { site: AdminSite }) {
  const { t } = useTranslation('admin');
  const toast = useToast();
  const save = useSaveSite();
  const form = useAppForm<SettingsValues, AdminSiteBody>({
    defaultValues: { settings: settingsDraft(site.settings) },
    schema: AdminSiteBodySchema,
    keepBlanks: true,
    toRequest: ({ settings }) => ({ id: site.id, settings: settingsCandidate(settings) }),
    fieldOf: settingsField,
  });
  const language = useWatch({ control: form.control, name: 'settings.domain_language' });

  async function send(body: AdminSiteBody) {
    await save.mutateAsync(body);
    toast(t('settings.saved', { domain: site.domain }));
  }

  return (
    <Form form={form} onSubmit={send} className="admin-settings" invalidText={t('settings.invalid')}>
      {SETTINGS_GROUPS.map((group) => (
        <fieldset key={group.key} className="admin-card admin-panel admin-fieldset">
          <legend className="admin-panel__title">{t(`settings.groups.${group.key}`)}</legend>
          <div className="admin-fields">
            {group.fields.map(({ name, kind }) => (
              <SettingControl
                key={name}
                name={name}
                kind={kind}
                siteLanguage={typeof language === 'string' && isLocale(language) ? language : 'nl'}
              />
            ))}
          </div>
        </fieldset>
      ))}
      <div className="admin-settings__bar">
        <button type="submit" className="btn btn-primary" disabled={form.formState.isSubmitting}>
          {t('settings.save')}
        </button>
      </div>
    </Form>
  );
}

interface ControlProps {
  name: SettingsField;
  kind: FieldKind;
  /** The site's own language: the one a per-language text opens in. */
  siteLanguage: Locale;
}

/** One settings field, edited as its kind says, with its label and problem. */
function SettingControl({ name, kind, siteLanguage }: ControlProps) {
  const { t, i18n } = useTranslation('admin');
  const label = t(`settings.fields.${name}`);
  const path = `settings.${name}`;

  if (kind.type === 'switch') return <CheckField name={path} label={label} className="admin-field" toggle />;

  if (kind.type === 'checklist') {
    const regionNames = name === 'countries' ? new Intl.DisplayNames([i18n.language], { type: 'region' }) : null;
    return (
      <CheckListField
        name={path}
        label={label}
        className="admin-field admin-field--wide"
        listClassName="admin-checklist"
        options={kind.options.map((option) => ({
          value: option,
          label: regionNames
            ? `${regionNames.of(option) ?? option} (${option})`
            : t(`settings.options.${name}.${option}`),
        }))}
      />
    );
  }

  if (kind.type === 'costs') return <CostsEditor path={path} label={label} />;

  if (kind.type === 'localized') {
    return (
      <LocalizedTextEditor path={path} label={label} multiline={kind.multiline ?? false} siteLanguage={siteLanguage} />
    );
  }

  if (kind.type === 'select') {
    const optionLabel = (option: string | number) =>
      name === 'domain_language'
        ? (LOCALE_ENTRIES.find((l) => l.code === (option as Locale))?.name ?? String(option))
        : t(`settings.options.${name}.${option}`);
    return (
      <SelectField
        name={path}
        label={label}
        className="admin-field"
        options={kind.options.map((option) => ({ value: String(option), label: optionLabel(option) }))}
      />
    );
  }

  if (kind.type === 'text' && kind.multiline) {
    return <TextAreaField name={path} label={label} className="admin-field admin-field--wide" rows={3} />;
  }

  return (
    <TextField
      name={path}
      label={label}
      className="admin-field"
      {...(kind.type === 'number' ? { type: 'number', inputMode: 'numeric', min: kind.min, step: 1 } : {})}
    />
  );
}

/**
 * A text members read in their own language: one language at a time, picked beside it. A
 * language left empty shows members that language's standard text, never another language's.
 */
function LocalizedTextEditor({
  path,
  label,
  multiline,
  siteLanguage,
}: {
  path: string;
  label: string;
  multiline: boolean;
  siteLanguage: Locale;
}) {
  const { t } = useTranslation('admin');
  const id = useId();
  const [locale, setLocale] = useState<Locale>(siteLanguage);
  const texts = (useWatch({ name: path }) ?? {}) as LocalizedDraft;
  const problem = useGroupError(path);
  // A new problem in another language than the one shown brings that language up.
  const problemLocale = problem?.path.split('.').at(-1);
  const [problemShown, setProblemShown] = useState<string | undefined>(undefined);
  if (problemLocale !== problemShown) {
    setProblemShown(problemLocale);
    if (isLocale(problemLocale)) setLocale(problemLocale);
  }
  const languageName = (code: Locale) => LOCALE_ENTRIES.find((entry) => entry.code === code)?.name ?? code;
  const written = LOCALE_ENTRIES.filter((entry) => texts[entry.code]?.trim()).map((entry) => entry.name);
  const field = {
    name: `${path}.${locale}`,
    label: t('settings.localized.text', { field: label, language: languageName(locale) }),
    placeholder: t('settings.localized.placeholder'),
    hint:
      written.length > 0
        ? t('settings.localized.written', { languages: written.join(', ') })
        : t('settings.localized.none'),
  };

  return (
    <fieldset className="admin-field admin-field--wide">
      <legend className="form-label">{label}</legend>
      <div className="admin-localized">
        <div>
          <label className="form-label small" htmlFor={`${id}-language`}>
            {t('settings.localized.language')}
          </label>
          <select
            id={`${id}-language`}
            className="form-select"
            value={locale}
            onChange={(e) => setLocale(e.target.value as Locale)}
          >
            {LOCALE_ENTRIES.map((entry) => (
              <option key={entry.code} value={entry.code}>
                {entry.name}
              </option>
            ))}
          </select>
        </div>
        {/* One control per language, so each keeps its own text and problem. */}
        {multiline ? <TextAreaField key={locale} {...field} rows={3} /> : <TextField key={locale} {...field} />}
      </div>
    </fieldset>
  );
}

/** minimum_message_costs as rows of country, price in cents and currency, with add and remove. */
function CostsEditor({ path, label }: { path: string; label: string }) {
  const { t } = useTranslation('admin');
  const id = useId();
  const rows = useFieldArray({ name: path });
  const error = useGroupError(path)?.message;

  return (
    <fieldset className="admin-field admin-field--wide" aria-describedby={error ? `${id}-error` : `${id}-hint`}>
      <legend className="form-label">{label}</legend>
      <p id={`${id}-hint`} className="form-text mt-0">
        {t('settings.costsHint')}
      </p>
      {rows.fields.length === 0 && <p className="admin-muted">{t('settings.costsEmpty')}</p>}
      {rows.fields.map((row, index) => (
        <div key={row.id} className="admin-costs-row">
          <TextField name={`${path}.${index}.key`} label={t('settings.costsKey', { n: index + 1 })} maxLength={8} />
          <TextField
            name={`${path}.${index}.costs`}
            label={t('settings.costsAmount', { n: index + 1 })}
            type="number"
            min={0}
            step={1}
          />
          <TextField
            name={`${path}.${index}.currency`}
            label={t('settings.costsCurrency', { n: index + 1 })}
            maxLength={3}
          />
          <button
            type="button"
            className="btn btn-outline-danger btn-sm admin-costs-row__remove"
            aria-label={t('settings.costsRemove', { n: index + 1 })}
            onClick={() => rows.remove(index)}
          >
            ×
          </button>
        </div>
      ))}
      <button
        type="button"
        className="btn btn-outline-secondary btn-sm"
        onClick={() => rows.append({ key: '', costs: '', currency: 'EUR' }, { shouldFocus: false })}
      >
        {t('settings.costsAdd')}
      </button>
      {error && (
        <div id={`${id}-error`} className="invalid-feedback d-block">
          {error}
        </div>
      )}
    </fieldset>
  );
}
