import { LOCALE_ENTRIES } from '@app/i18n';
import { isLocale, StoredSettingsSchema, type Locale } from '@app/shared';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api';
import type { AdminSite } from '../api/contract';
import { useSites } from '../api/get-sites';
import { useSaveSite } from '../api/save-site';
import {
  fieldProblems,
  serverFieldMessages,
  settingsCandidate,
  settingsDraft,
  SETTINGS_GROUPS,
  type CostRow,
  type FieldKind,
  type FieldProblem,
  type LocalizedDraft,
  type SettingsDraft,
  type SettingsField,
} from '../rules';
import { SelectField, SwitchField, TextField } from './form-fields';
import { EmptyState, ErrorState, LoadingState, ScreenHeader, useProblemText } from './states';
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

function SettingsForm({ site }: { site: AdminSite }) {
  const { t } = useTranslation('admin');
  const toast = useToast();
  const problemText = useProblemText();
  const save = useSaveSite();
  const formRef = useRef<HTMLFormElement>(null);
  const [draft, setDraft] = useState<SettingsDraft>(() => settingsDraft(site.settings));
  const [problems, setProblems] = useState<Partial<Record<SettingsField, FieldProblem>>>({});
  const [serverProblems, setServerProblems] = useState<Partial<Record<SettingsField, string>>>({});

  function update(name: SettingsField, value: SettingsDraft[string]) {
    setDraft((current) => ({ ...current, [name]: value }));
    setProblems(({ [name]: _p, ...rest }) => rest);
    setServerProblems(({ [name]: _s, ...rest }) => rest);
  }

  function focusFirst(fields: readonly string[]) {
    const first = SETTINGS_GROUPS.flatMap((g) => g.fields).find((f) => fields.includes(f.name));
    if (first) setTimeout(() => formRef.current?.querySelector<HTMLElement>(`[data-field="${first.name}"]`)?.focus());
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = StoredSettingsSchema.safeParse(settingsCandidate(draft));
    if (!parsed.success) {
      const found = fieldProblems(parsed.error.issues);
      setProblems(found);
      focusFirst(Object.keys(found));
      return;
    }
    setProblems({});
    setServerProblems({});
    save.mutate(
      { id: site.id, settings: parsed.data },
      {
        onSuccess: () => toast(t('settings.saved', { domain: site.domain })),
        onError: (error) => {
          if (error instanceof ApiError) {
            const fields = serverFieldMessages(error.fields);
            setServerProblems(fields);
            focusFirst(Object.keys(fields));
          }
        },
      },
    );
  }

  const general =
    save.isError && !(save.error instanceof ApiError && Object.keys(serverFieldMessages(save.error.fields)).length);

  return (
    <form ref={formRef} className="admin-settings" onSubmit={handleSubmit} noValidate aria-busy={save.isPending}>
      {Object.keys(problems).length > 0 && (
        <div className="alert alert-danger" role="alert">
          {t('settings.invalid')}
        </div>
      )}
      {general && (
        <div className="alert alert-danger" role="alert">
          {problemText(save.error)}
        </div>
      )}
      {SETTINGS_GROUPS.map((group) => (
        <fieldset key={group.key} className="admin-card admin-panel admin-fieldset">
          <legend className="admin-panel__title">{t(`settings.groups.${group.key}`)}</legend>
          <div className="admin-fields">
            {group.fields.map(({ name, kind }) => {
              const problem = problems[name];
              const error = problem ? t(problem.key, problem.values) : serverProblems[name];
              return (
                <SettingControl
                  key={name}
                  name={name}
                  kind={kind}
                  value={draft[name]!}
                  error={error}
                  problemLocale={problem?.locale}
                  siteLanguage={isLocale(draft.domain_language) ? draft.domain_language : 'nl'}
                  onChange={(value) => update(name, value)}
                />
              );
            })}
          </div>
        </fieldset>
      ))}
      <div className="admin-settings__bar">
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>
          {t('settings.save')}
        </button>
      </div>
    </form>
  );
}

interface ControlProps {
  name: SettingsField;
  kind: FieldKind;
  value: SettingsDraft[string];
  error: string | undefined;
  /** A per-language text's language the error is in. */
  problemLocale: Locale | undefined;
  /** The site's own language: the one a per-language text opens in. */
  siteLanguage: Locale;
  onChange: (value: SettingsDraft[string]) => void;
}

/** One settings field, edited as its kind says, with its label and error. */
function SettingControl({ name, kind, value, error, problemLocale, siteLanguage, onChange }: ControlProps) {
  const { t, i18n } = useTranslation('admin');
  const id = useId();
  const label = t(`settings.fields.${name}`);
  const errorId = `${id}-error`;
  const invalid = error ? true : undefined;
  const describedBy = error ? errorId : undefined;
  const errorText = error && (
    <div id={errorId} className="invalid-feedback d-block">
      {error}
    </div>
  );

  if (kind.type === 'switch') {
    return <SwitchField label={label} path={name} error={error} value={value as boolean} onChange={onChange} />;
  }

  if (kind.type === 'checklist') {
    const chosen = value as string[];
    const regionNames = name === 'countries' ? new Intl.DisplayNames([i18n.language], { type: 'region' }) : null;
    const optionLabel = (option: string) =>
      regionNames ? `${regionNames.of(option) ?? option} (${option})` : t(`settings.options.${name}.${option}`);
    return (
      <fieldset className="admin-field admin-field--wide" aria-describedby={describedBy} aria-invalid={invalid}>
        <legend className="form-label">{label}</legend>
        <div className="admin-checklist">
          {kind.options.map((option, i) => (
            <div key={option} className="form-check">
              <input
                id={`${id}-${option}`}
                data-field={i === 0 ? name : undefined}
                type="checkbox"
                className="form-check-input"
                checked={chosen.includes(option)}
                onChange={(e) =>
                  onChange(
                    e.target.checked
                      ? kind.options.filter((o) => o === option || chosen.includes(o))
                      : chosen.filter((o) => o !== option),
                  )
                }
              />
              <label className="form-check-label" htmlFor={`${id}-${option}`}>
                {optionLabel(option)}
              </label>
            </div>
          ))}
        </div>
        {errorText}
      </fieldset>
    );
  }

  if (kind.type === 'costs') {
    return (
      <CostsEditor
        name={name}
        label={label}
        rows={value as CostRow[]}
        error={error}
        errorId={errorId}
        onChange={onChange}
      />
    );
  }

  if (kind.type === 'localized') {
    return (
      <LocalizedTextEditor
        name={name}
        label={label}
        multiline={kind.multiline ?? false}
        texts={value as LocalizedDraft}
        error={error}
        problemLocale={problemLocale}
        siteLanguage={siteLanguage}
        onChange={onChange}
      />
    );
  }

  if (kind.type === 'select') {
    const optionLabel = (option: string | number) =>
      name === 'domain_language'
        ? (LOCALE_ENTRIES.find((l) => l.code === (option as Locale))?.name ?? String(option))
        : t(`settings.options.${name}.${option}`);
    return (
      <SelectField
        label={label}
        path={name}
        error={error}
        value={value as string}
        options={kind.options.map((option) => ({ value: String(option), label: optionLabel(option) }))}
        onChange={onChange}
      />
    );
  }

  return (
    <TextField
      label={label}
      path={name}
      error={error}
      wide={kind.type === 'text' && kind.multiline}
      value={value as string}
      onChange={onChange}
      {...(kind.type === 'number'
        ? { type: 'number', inputMode: 'numeric', min: kind.min }
        : kind.type === 'text' && kind.multiline
          ? { multiline: true, rows: 3 }
          : {})}
    />
  );
}

/**
 * A text members read in their own language: one language at a time, picked beside it. A
 * language left empty shows members that language's standard text, never another language's.
 */
function LocalizedTextEditor({
  name,
  label,
  multiline,
  texts,
  error,
  problemLocale,
  siteLanguage,
  onChange,
}: {
  name: SettingsField;
  label: string;
  multiline: boolean;
  texts: LocalizedDraft;
  error: string | undefined;
  problemLocale: Locale | undefined;
  siteLanguage: Locale;
  onChange: (texts: LocalizedDraft) => void;
}) {
  const { t } = useTranslation('admin');
  const id = useId();
  const [locale, setLocale] = useState<Locale>(siteLanguage);
  // A new problem in another language than the one shown brings that language up.
  const [problemShown, setProblemShown] = useState<Locale | undefined>(undefined);
  if (problemLocale !== problemShown) {
    setProblemShown(problemLocale);
    if (problemLocale) setLocale(problemLocale);
  }
  const languageName = (code: Locale) => LOCALE_ENTRIES.find((entry) => entry.code === code)?.name ?? code;
  const written = LOCALE_ENTRIES.filter((entry) => texts[entry.code]?.trim()).map((entry) => entry.name);
  const inputProps = {
    id: `${id}-text`,
    'data-field': name,
    className: `form-control${error ? ' is-invalid' : ''}`,
    value: texts[locale] ?? '',
    placeholder: t('settings.localized.placeholder'),
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : `${id}-hint`,
  };
  const change = (text: string) => onChange({ ...texts, [locale]: text });

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
        <div>
          <label className="form-label small" htmlFor={`${id}-text`}>
            {t('settings.localized.text', { field: label, language: languageName(locale) })}
          </label>
          {multiline ? (
            <textarea {...inputProps} rows={3} onChange={(e) => change(e.target.value)} />
          ) : (
            <input {...inputProps} onChange={(e) => change(e.target.value)} />
          )}
        </div>
      </div>
      {error ? (
        <div id={`${id}-error`} className="invalid-feedback d-block">
          {error}
        </div>
      ) : (
        <div id={`${id}-hint`} className="form-text">
          {written.length > 0
            ? t('settings.localized.written', { languages: written.join(', ') })
            : t('settings.localized.none')}
        </div>
      )}
    </fieldset>
  );
}

/** minimum_message_costs as rows of country, price in cents and currency, with add and remove. */
function CostsEditor({
  name,
  label,
  rows,
  error,
  errorId,
  onChange,
}: {
  name: SettingsField;
  label: string;
  rows: CostRow[];
  error: string | undefined;
  errorId: string;
  onChange: (rows: CostRow[]) => void;
}) {
  const { t } = useTranslation('admin');
  const id = useId();
  const change = (index: number, patch: Partial<CostRow>) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));

  return (
    <fieldset className="admin-field admin-field--wide" aria-describedby={error ? errorId : `${id}-hint`}>
      <legend className="form-label">{label}</legend>
      <p id={`${id}-hint`} className="form-text mt-0">
        {t('settings.costsHint')}
      </p>
      {rows.length === 0 && <p className="admin-muted">{t('settings.costsEmpty')}</p>}
      {rows.map((row, index) => (
        <div key={index} className="admin-costs-row">
          <div>
            <label className="form-label small" htmlFor={`${id}-${index}-key`}>
              {t('settings.costsKey', { n: index + 1 })}
            </label>
            <input
              id={`${id}-${index}-key`}
              data-field={index === 0 ? name : undefined}
              className="form-control"
              value={row.key}
              maxLength={8}
              onChange={(e) => change(index, { key: e.target.value })}
            />
          </div>
          <div>
            <label className="form-label small" htmlFor={`${id}-${index}-costs`}>
              {t('settings.costsAmount', { n: index + 1 })}
            </label>
            <input
              id={`${id}-${index}-costs`}
              type="number"
              min={0}
              step={1}
              className="form-control"
              value={row.costs}
              onChange={(e) => change(index, { costs: e.target.value })}
            />
          </div>
          <div>
            <label className="form-label small" htmlFor={`${id}-${index}-currency`}>
              {t('settings.costsCurrency', { n: index + 1 })}
            </label>
            <input
              id={`${id}-${index}-currency`}
              className="form-control"
              value={row.currency}
              maxLength={3}
              onChange={(e) => change(index, { currency: e.target.value })}
            />
          </div>
          <button
            type="button"
            className="btn btn-outline-danger btn-sm admin-costs-row__remove"
            aria-label={t('settings.costsRemove', { n: index + 1 })}
            onClick={() => onChange(rows.filter((_, i) => i !== index))}
          >
            ×
          </button>
        </div>
      ))}
      <button
        type="button"
        className="btn btn-outline-secondary btn-sm"
        onClick={() => onChange([...rows, { key: '', costs: '', currency: 'EUR' }])}
      >
        {t('settings.costsAdd')}
      </button>
      {error && (
        <div id={errorId} className="invalid-feedback d-block">
          {error}
        </div>
      )}
    </fieldset>
  );
}
