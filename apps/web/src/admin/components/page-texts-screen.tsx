import { LOCALE_ENTRIES } from '@app/i18n';
import {
  AdminPageTextBodySchema,
  CONTENT_PAGES,
  unknownPlaceholders,
  type AdminPageTextBody,
  type AdminPageTextKey,
  type AdminPageTextResponse,
  type ContentPage,
  type Locale,
} from '@app/shared';
import { useId, useState } from 'react';
import { useFieldArray, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  Form,
  FormContext,
  SelectField,
  TextAreaField,
  TextField,
  useAppForm,
  useFieldError,
} from '../../components/form';
import type { AdminSite } from '../api/contract';
import { usePageText } from '../api/get-page-text';
import { useSites } from '../api/get-sites';
import { useResetPageText } from '../api/reset-page-text';
import { useSavePageText } from '../api/save-page-text';
import { pageTextCandidate, pageTextDraft, pageTextField, type PageTextDraft } from '../rules';
import { ConfirmDialog } from './commerce-fields';
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
  const site = list.find((s) => s.is_default) ?? list[0]!;
  return (
    <>
      {header}
      <PageTextPicker sites={list} initialDomain={site.domain} />
    </>
  );
}

interface PickedPage {
  domain: string;
  locale: Locale;
  page: ContentPage;
}

/** The domain, language and page whose text is edited, chosen above the form. */
function PageTextPicker({ sites, initialDomain }: { sites: readonly AdminSite[]; initialDomain: string }) {
  const { t } = useTranslation('admin');
  const picker = useAppForm<PickedPage>({ defaultValues: { domain: initialDomain, locale: 'nl', page: 'terms' } });
  const [domain, locale, page] = useWatch({ control: picker.control, name: ['domain', 'locale', 'page'] });

  return (
    <>
      <FormContext form={picker}>
        <div className="admin-card admin-panel admin-fields">
          <SelectField
            name="domain"
            label={t('pages.domain')}
            options={sites.map((s) => ({
              value: s.domain,
              label: s.is_default ? `${s.domain} (${t('settings.default')})` : s.domain,
            }))}
          />
          <SelectField
            name="locale"
            label={t('pages.language')}
            options={LOCALE_ENTRIES.map((entry) => ({ value: entry.code, label: entry.name }))}
          />
          <SelectField
            name="page"
            label={t('pages.page')}
            options={CONTENT_PAGES.map((name) => ({ value: name, label: t(`pages.names.${name}`) }))}
          />
        </div>
      </FormContext>
      <PageText key={`${domain}/${locale}/${page}`} pageKey={{ domain, locale, page }} />
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
  const [confirming, setConfirming] = useState(false);
  const pageName = t(`pages.names.${pageKey.page}`);
  const form = useAppForm<PageTextDraft, AdminPageTextBody>({
    defaultValues: pageTextDraft(text.custom ?? text.default),
    schema: AdminPageTextBodySchema,
    keepBlanks: true,
    toRequest: (draft) => ({ ...pageKey, content: pageTextCandidate(draft) }),
    fieldOf: pageTextField,
    // A placeholder the page does not know would show as written: the schema cannot tell.
    check: (draft) =>
      Object.fromEntries(
        Object.entries(unknownPlaceholders(pageTextCandidate(draft), text.placeholders)).map(([path, name]) => [
          pageTextField(path),
          t('pages.unknownPlaceholder', { name: `{{${name}}}` }),
        ]),
      ),
  });
  const sections = useFieldArray({ control: form.control, name: 'sections' });

  async function send(body: AdminPageTextBody) {
    await save.mutateAsync(body);
    toast(t('pages.saved', { page: pageName, domain: pageKey.domain }));
  }

  return (
    <Form form={form} onSubmit={send} className="admin-settings" invalidText={t('shop.invalid')}>
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
          <TextField name="title" label={t('pages.title')} className="admin-field admin-field--wide" />
          <TextAreaField
            name="description"
            label={t('pages.description')}
            hint={t('pages.descriptionHint')}
            className="admin-field admin-field--wide"
            rows={2}
          />
          <TextAreaField name="intro" label={t('pages.intro')} className="admin-field admin-field--wide" rows={3} />
        </div>
      </fieldset>
      {sections.fields.map((section, index) => (
        <SectionFields key={section.id} index={index} onRemove={() => sections.remove(index)} />
      ))}
      <SectionsProblem />
      <div className="admin-settings__bar">
        <button
          type="button"
          className="btn btn-outline-secondary"
          onClick={() => sections.append({ heading: '', paragraphs: '', items: [] }, { shouldFocus: false })}
        >
          {t('pages.addSection')}
        </button>
        {text.custom && (
          <button type="button" className="btn btn-outline-danger" onClick={() => setConfirming(true)}>
            {t('pages.reset')}
          </button>
        )}
        <button type="submit" className="btn btn-primary" disabled={form.formState.isSubmitting}>
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
    </Form>
  );
}

/** A problem with the sections as a whole (too many), under them. */
function SectionsProblem() {
  const problem = useFieldError('sections');
  return problem ? <div className="invalid-feedback d-block mb-2">{problem}</div> : null;
}

/** One section: its heading, its paragraphs as one text, and its questions with answers. */
function SectionFields({ index, onRemove }: { index: number; onRemove: () => void }) {
  const { t } = useTranslation('admin');
  const legendId = useId();
  const base = `sections.${index}` as const;
  const items = useFieldArray<PageTextDraft, `sections.${number}.items`>({ name: `${base}.items` });
  const number = index + 1;
  return (
    <fieldset className="admin-card admin-panel admin-fieldset" aria-labelledby={legendId}>
      <legend id={legendId} className="admin-panel__title">
        {t('pages.section', { number })}
      </legend>
      <div className="admin-fields">
        <TextField name={`${base}.heading`} label={t('pages.heading')} className="admin-field admin-field--wide" />
        <TextAreaField
          name={`${base}.paragraphs`}
          label={t('pages.paragraphs')}
          hint={t('pages.paragraphsHint')}
          className="admin-field admin-field--wide"
          rows={6}
        />
        {items.fields.map((item, i) => (
          <div key={item.id} className="admin-fields admin-field--wide">
            <TextField
              name={`${base}.items.${i}.q`}
              label={t('pages.question', { number: i + 1 })}
              className="admin-field admin-field--wide"
            />
            <TextAreaField
              name={`${base}.items.${i}.a`}
              label={t('pages.answer', { number: i + 1 })}
              className="admin-field admin-field--wide"
              rows={3}
            />
            <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => items.remove(i)}>
              {t('pages.removeQuestion', { number: i + 1 })}
            </button>
          </div>
        ))}
      </div>
      <div className="admin-settings__bar">
        <button
          type="button"
          className="btn btn-sm btn-outline-secondary"
          onClick={() => items.append({ q: '', a: '' }, { shouldFocus: false })}
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
