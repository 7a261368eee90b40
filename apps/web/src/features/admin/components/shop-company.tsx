import { AdminCompanyBodySchema, type AdminCompany } from '@app/shared';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useCompanies } from '../api/get-companies';
import { useSaveCompany } from '../api/save-company';
import { commaList, issueProblems, parseWhole, problemAt } from '../commerce-rules';
import type { FieldProblem } from '../rules';
import { FormAlerts, TextField, useFieldProblems } from './commerce-fields';
import { EmptyState, ErrorState, LoadingState, useProblemText } from './states';
import { useToast } from './toast';

/** Company info as the site shows it (footer, terms, invoices): every field, per company. */
export function CompanySection() {
  const { t } = useTranslation('admin');
  const companies = useCompanies();
  const [chosen, setChosen] = useState<number | null>(null);
  const headingId = useId();
  const companyId = useId();

  const list = companies.data?.companies ?? [];
  const company = list.find((c) => c.id === chosen) ?? list[0];

  return (
    <section aria-labelledby={headingId}>
      <div className="admin-screen__header">
        <h2 id={headingId} className="admin-panel__title mb-0">
          {t('shop.company.title')}
        </h2>
        {list.length > 1 && company && (
          <div className="admin-inline-field">
            <label className="form-label mb-0" htmlFor={companyId}>
              {t('shop.company.choose')}
            </label>
            <select
              id={companyId}
              className="form-select form-select-sm"
              value={company.id}
              onChange={(e) => setChosen(Number(e.target.value))}
            >
              {list.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          </div>
        )}
      </div>
      {companies.isPending ? (
        <LoadingState />
      ) : companies.isError ? (
        <ErrorState error={companies.error} onRetry={() => void companies.refetch()} />
      ) : !company ? (
        <EmptyState>{t('shop.company.none')}</EmptyState>
      ) : (
        // A new company starts a fresh form: unsaved edits belong to the company they were made on.
        <CompanyForm key={company.id} company={company} />
      )}
    </section>
  );
}

interface CompanyDraft {
  name: string;
  address: string;
  kvk: string;
  city: string;
  country: string;
  tradenames: string;
  vat_numbers: string;
  support_phone: string;
  delete_discount: string;
}

const TEXT_FIELDS = ['name', 'address', 'city', 'country', 'kvk'] as const;

function CompanyForm({ company }: { company: AdminCompany }) {
  const { t } = useTranslation('admin');
  const toast = useToast();
  const problemText = useProblemText();
  const save = useSaveCompany();
  const { formRef, problems, showClient, showServer, clear } = useFieldProblems();
  const [draft, setDraft] = useState<CompanyDraft>(() => ({
    name: company.name,
    address: company.address,
    kvk: company.kvk,
    city: company.city,
    country: company.country,
    tradenames: company.tradenames.join(', '),
    vat_numbers: company.vat_numbers.join(', '),
    support_phone: company.support_phone,
    delete_discount: String(company.delete_discount),
  }));

  function update(patch: Partial<CompanyDraft>) {
    setDraft((current) => ({ ...current, ...patch }));
    for (const path of Object.keys(patch)) clear(path);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const local: Record<string, FieldProblem> = {};
    const discount = parseWhole(draft.delete_discount);
    if (discount === 'invalid') local.delete_discount = { key: 'shop.wholeInvalid' };
    const parsed = AdminCompanyBodySchema.safeParse({
      id: company.id,
      name: draft.name,
      address: draft.address,
      kvk: draft.kvk,
      city: draft.city,
      country: draft.country,
      tradenames: commaList(draft.tradenames),
      vat_numbers: commaList(draft.vat_numbers),
      support_phone: draft.support_phone,
      delete_discount: discount === 'invalid' || discount === null ? undefined : discount,
    });
    const found = { ...(parsed.success ? {} : issueProblems(parsed.error.issues)), ...local };
    if (showClient(found) || !parsed.success) return;
    save.mutate(parsed.data, {
      onSuccess: ({ company: saved }) => toast(t('shop.company.saved', { name: saved.name })),
      onError: (error) => {
        showServer(error);
      },
    });
  }

  const serverFailure = save.isError && Object.keys(problems).length === 0 ? problemText(save.error) : null;

  return (
    <form
      ref={formRef}
      className="admin-card admin-panel"
      onSubmit={handleSubmit}
      noValidate
      aria-busy={save.isPending}
    >
      <FormAlerts invalid={Object.keys(problems).length > 0 && !save.isError} failure={serverFailure} />
      <div className="admin-fields">
        {TEXT_FIELDS.map((name) => (
          <TextField
            key={name}
            label={t(`shop.company.fields.${name}`)}
            path={name}
            value={draft[name]}
            maxLength={name === 'kvk' ? 40 : 200}
            error={problems[name]}
            onChange={(value) => update({ [name]: value })}
          />
        ))}
        <TextField
          label={t('shop.company.fields.support_phone')}
          path="support_phone"
          type="tel"
          value={draft.support_phone}
          hint={t('shop.company.phoneHint')}
          error={problems.support_phone}
          onChange={(support_phone) => update({ support_phone })}
        />
        <TextField
          label={t('shop.company.fields.tradenames')}
          path="tradenames"
          wide
          multiline
          value={draft.tradenames}
          hint={t('shop.company.listHint')}
          error={problemAt(problems, 'tradenames')}
          onChange={(tradenames) => update({ tradenames })}
        />
        <TextField
          label={t('shop.company.fields.vat_numbers')}
          path="vat_numbers"
          wide
          value={draft.vat_numbers}
          hint={t('shop.company.listHint')}
          error={problemAt(problems, 'vat_numbers')}
          onChange={(vat_numbers) => update({ vat_numbers })}
        />
        <TextField
          label={t('shop.company.fields.delete_discount')}
          path="delete_discount"
          inputMode="numeric"
          value={draft.delete_discount}
          hint={t('shop.company.deleteDiscountHint')}
          error={problems.delete_discount}
          onChange={(delete_discount) => update({ delete_discount })}
        />
        <div className="admin-field">
          <span className="form-label d-block">{t('shop.company.domains')}</span>
          {company.domains.length ? (
            <ul className="admin-conditions">
              {company.domains.map((domain) => (
                <li key={domain}>{domain}</li>
              ))}
            </ul>
          ) : (
            <span className="admin-muted">{t('shop.company.noDomains')}</span>
          )}
        </div>
      </div>
      <div className="admin-form-bar">
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>
          {t('shop.company.save')}
        </button>
      </div>
    </form>
  );
}
