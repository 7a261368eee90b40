import { LOCALE_ENTRIES } from '@app/i18n';
import {
  CONTENT_PAGES,
  ContentPageTextSchema,
  unknownPlaceholders,
  type AdminPageTextKey,
  type AdminPageTextResponse,
  type ContentPage,
  type Locale,
} from '@app/shared';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api';
import { usePageText } from '../api/get-page-text';
import { useSites } from '../api/get-sites';
import { useResetPageText } from '../api/reset-page-text';
import { useSavePageText } from '../api/save-page-text';
import {
  nextDraftId,
  pageTextCandidate,
  pageTextDraft,
  pageTextProblems,
  pageTextServerMessages,
  type PageSectionDraft,
  type PageTextDraft,
} from '../rules';
import { ConfirmDialog, FormAlerts } from './commerce-fields';
import { SelectField, TextField } from './form-fields';
import { formatDateTime } from './format';
import { EmptyState, ErrorState, LoadingState, ScreenHeader, useProblemText } from './states';
import { useToast } from './toast';

/**
 * The content pages' texts (/pages/terms, ...): pick a domain, language and page, and edit the
 * site's own text in place of the catalogue's, or put the catalogue's back.
 */
export function PageTextsScreen() {
  const { t } = useTranslation('admin');
  const sites = useSites();
  const [domain, setDomain] = useState<string | null>(null);
  const [locale, setLocale] = useState<Locale>('nl');
  const [page, setPage] = useState<ContentPage>('terms');

  const header = <ScreenHeader title={t('nav.pages')} />;
  if (sites.isPending) {
    return (
      <>
        {header}
        <LoadingState />
      </>
    );
  }
  if (sites.isError) {
    return (
      <>
        {header}
        <ErrorState error={sites.error} onRetry={() => void sites.refetch()} />
      </>
    );
  }
  const list = sites.data.sites;
  if (list.length === 0) {
    return (
      <>
        {header}
        <EmptyState>{t('settings.noSites')}</EmptyState>
      </>
    );
  }
  const site = list.find((s) => s.domain === domain) ?? list.find((s) => s.is_default) ?? list[0]!;
  const key: AdminPageTextKey = { domain: site.domain, locale, page };

  return (
    <>
      {header}
      <div className="admin-card admin-panel admin-fields">
        <SelectField
          label={t('pages.domain')}
          path="domain"
          value={site.domain}
          onChange={setDomain}
          options={list.map((s) => ({
            value: s.domain,
            label: s.is_default ? `${s.domain} (${t('settings.default')})` : s.domain,
          }))}
        />
        <SelectField
          label={t('pages.language')}
          path="locale"
          value={locale}
          onChange={(value) => setLocale(value as Locale)}
          options={LOCALE_ENTRIES.map((entry) => ({ value: entry.code, label: entry.name }))}
        />
        <SelectField
          label={t('pages.page')}
          path="page"
          value={page}
          onChange={(value) => setPage(value as ContentPage)}
          options={CONTENT_PAGES.map((name) => ({ value: name, label: t(`pages.names.${name}`) }))}
        />
      </div>
      <PageText key={`${key.domain}/${key.locale}/${key.page}`} pageKey={key} />
    </>
  );
}

function PageText({ pageKey }: { pageKey: AdminPageTextKey }) {
  const text = usePageText(pageKey);
  if (text.isPending) return <LoadingState />;
  if (text.isError) return <ErrorState error={text.error} onRetry={() => void text.refetch()} />;
  // A fresh form for each stored state: after a save or reset the form shows what is stored.
  return <PageTextForm key={text.data.updated_at ?? 'default'} pageKey={pageKey} text={text.data} />;
}

function PageTextForm({ pageKey, text }: { pageKey: AdminPageTextKey; text: AdminPageTextResponse }) {
  const { t } = useTranslation('admin');
  const toast = useToast();
  const problemText = useProblemText();
  const save = useSavePageText();
  const reset = useResetPageText();
  const [draft, setDraft] = useState<PageTextDraft>(() => pageTextDraft(text.custom ?? text.default));
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [invalid, setInvalid] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const pageName = t(`pages.names.${pageKey.page}`);

  function focusFirst(form: HTMLFormElement, paths: readonly string[]) {
    setTimeout(() => {
      const fields = form.querySelectorAll<HTMLElement>('[data-field]');
      [...fields].find((field) => paths.includes(field.dataset.field ?? ''))?.focus();
    });
  }

  function change(next: (current: PageTextDraft) => PageTextDraft, path?: string) {
    setDraft(next);
    if (path) setProblems(({ [path]: _gone, ...rest }) => rest);
  }

  function changeSection(index: number, next: Partial<PageSectionDraft>, path?: string) {
    change((d) => ({ ...d, sections: d.sections.map((s, i) => (i === index ? { ...s, ...next } : s)) }), path);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const candidate = pageTextCandidate(draft);
    const parsed = ContentPageTextSchema.safeParse(candidate);
    const unknown = unknownPlaceholders(candidate, text.placeholders);
    if (!parsed.success || Object.keys(unknown).length > 0) {
      const found = pageTextProblems(parsed.success ? [] : parsed.error.issues, unknown);
      setProblems(Object.fromEntries(Object.entries(found).map(([path, p]) => [path, t(p.key, p.values)])));
      setInvalid(true);
      focusFirst(form, Object.keys(found));
      return;
    }
    setProblems({});
    setInvalid(false);
    save.mutate(
      { ...pageKey, content: parsed.data },
      {
        onSuccess: () => toast(t('pages.saved', { page: pageName, domain: pageKey.domain })),
        onError: (error) => {
          if (!(error instanceof ApiError)) return;
          const fields = pageTextServerMessages(error.fields);
          setProblems(fields);
          focusFirst(form, Object.keys(fields));
        },
      },
    );
  }

  const serverFields = save.error instanceof ApiError && Object.keys(save.error.fields).length > 0;
  const failure = save.isError && !serverFields ? problemText(save.error) : null;

  return (
    <form className="admin-settings" onSubmit={handleSubmit} noValidate aria-busy={save.isPending}>
      <FormAlerts invalid={invalid && Object.keys(problems).length > 0} failure={failure} />
      <div className="admin-card admin-panel">
        <p className="mb-2">
          {text.custom
            ? t('pages.custom', { date: text.updated_at ? formatDateTime(text.updated_at) : '' })
            : t('pages.usingDefault')}
        </p>
        <p className="mb-1">{t('pages.placeholders')}</p>
        <ul className="list-inline mb-0" aria-label={t('pages.placeholders')}>
          {text.placeholders.map((name) => (
            <li key={name} className="list-inline-item">
              <code>{`{{${name}}}`}</code>
            </li>
          ))}
        </ul>
      </div>
      <fieldset className="admin-card admin-panel admin-fieldset">
        <legend className="admin-panel__title">{t('pages.general')}</legend>
        <div className="admin-fields">
          <TextField
            label={t('pages.title')}
            path="title"
            value={draft.title}
            error={problems.title}
            onChange={(title) => change((d) => ({ ...d, title }), 'title')}
            wide
          />
          <TextField
            label={t('pages.description')}
            hint={t('pages.descriptionHint')}
            path="description"
            value={draft.description}
            error={problems.description}
            onChange={(description) => change((d) => ({ ...d, description }), 'description')}
            multiline
            wide
          />
          <TextField
            label={t('pages.intro')}
            path="intro"
            value={draft.intro}
            error={problems.intro}
            onChange={(intro) => change((d) => ({ ...d, intro }), 'intro')}
            multiline
            rows={3}
            wide
          />
        </div>
      </fieldset>
      {draft.sections.map((section, index) => (
        <SectionFields
          key={section.id}
          index={index}
          section={section}
          problems={problems}
          onChange={(next, path) => changeSection(index, next, path)}
          onRemove={() => change((d) => ({ ...d, sections: d.sections.filter((s) => s.id !== section.id) }))}
        />
      ))}
      {problems.sections && <div className="invalid-feedback d-block mb-2">{problems.sections}</div>}
      <div className="admin-settings__bar">
        <button
          type="button"
          className="btn btn-outline-secondary"
          onClick={() =>
            change((d) => ({
              ...d,
              sections: [...d.sections, { id: nextDraftId(), heading: '', paragraphs: '', items: [] }],
            }))
          }
        >
          {t('pages.addSection')}
        </button>
        {text.custom && (
          <button type="button" className="btn btn-outline-danger" onClick={() => setConfirming(true)}>
            {t('pages.reset')}
          </button>
        )}
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>
          {t('pages.save')}
        </button>
      </div>
      {confirming && (
        <ConfirmDialog
          title={t('pages.resetTitle', { page: pageName })}
          text={t('pages.resetText', { domain: pageKey.domain })}
          confirmLabel={t('pages.reset')}
          pending={reset.isPending}
          error={reset.isError ? problemText(reset.error) : null}
          onClose={() => setConfirming(false)}
          onConfirm={() =>
            reset.mutate(pageKey, {
              onSuccess: () => {
                setConfirming(false);
                toast(t('pages.resetDone', { page: pageName, domain: pageKey.domain }));
              },
            })
          }
        />
      )}
    </form>
  );
}

interface SectionFieldsProps {
  index: number;
  section: PageSectionDraft;
  problems: Record<string, string>;
  onChange: (next: Partial<PageSectionDraft>, path?: string) => void;
  onRemove: () => void;
}

/** One section: its heading, its paragraphs as one text, and its questions with answers. */
function SectionFields({ index, section, problems, onChange, onRemove }: SectionFieldsProps) {
  const { t } = useTranslation('admin');
  const legendId = useId();
  const base = `sections.${index}`;
  const number = index + 1;
  return (
    <fieldset className="admin-card admin-panel admin-fieldset" aria-labelledby={legendId}>
      <legend id={legendId} className="admin-panel__title">
        {t('pages.section', { number })}
      </legend>
      <div className="admin-fields">
        <TextField
          label={t('pages.heading')}
          path={`${base}.heading`}
          value={section.heading}
          error={problems[`${base}.heading`]}
          onChange={(heading) => onChange({ heading }, `${base}.heading`)}
          wide
        />
        <TextField
          label={t('pages.paragraphs')}
          hint={t('pages.paragraphsHint')}
          path={`${base}.paragraphs`}
          value={section.paragraphs}
          error={problems[`${base}.paragraphs`]}
          onChange={(paragraphs) => onChange({ paragraphs }, `${base}.paragraphs`)}
          multiline
          rows={6}
          wide
        />
        {section.items.map((item, i) => {
          const path = `${base}.items.${i}`;
          const setItem = (next: { q?: string; a?: string }, field: 'q' | 'a') =>
            onChange(
              { items: section.items.map((it) => (it.id === item.id ? { ...it, ...next } : it)) },
              `${path}.${field}`,
            );
          return (
            <div key={item.id} className="admin-fields admin-field--wide">
              <TextField
                label={t('pages.question', { number: i + 1 })}
                path={`${path}.q`}
                value={item.q}
                error={problems[`${path}.q`]}
                onChange={(q) => setItem({ q }, 'q')}
                wide
              />
              <TextField
                label={t('pages.answer', { number: i + 1 })}
                path={`${path}.a`}
                value={item.a}
                error={problems[`${path}.a`]}
                onChange={(a) => setItem({ a }, 'a')}
                multiline
                rows={3}
                wide
              />
              <button
                type="button"
                className="btn btn-sm btn-outline-secondary"
                onClick={() => onChange({ items: section.items.filter((it) => it.id !== item.id) })}
              >
                {t('pages.removeQuestion', { number: i + 1 })}
              </button>
            </div>
          );
        })}
      </div>
      <div className="admin-settings__bar">
        <button
          type="button"
          className="btn btn-sm btn-outline-secondary"
          onClick={() => onChange({ items: [...section.items, { id: nextDraftId(), q: '', a: '' }] })}
        >
          {t('pages.addQuestion')}
        </button>
        <button type="button" className="btn btn-sm btn-outline-danger" onClick={onRemove}>
          {t('pages.removeSection', { number })}
        </button>
      </div>
    </fieldset>
  );
}
