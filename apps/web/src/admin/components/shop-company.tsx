import { AdminCompanyBodySchema, type AdminCompany, type AdminCompanyBody } from '@app/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCompanies } from '../api/get-companies';
import { useSaveCompany } from '../api/save-company';
import { TextAreaField, TextField, useAppForm } from '../../components/form';
import { commaList, wholeOf } from '../commerce-rules';
import { ShopForm, ShopSection, useNumberMessages, useShopSave } from './commerce-fields';
import { EmptyState, QueryStates } from './states';

/** Company info as the site shows it (footer, terms, invoices): every field, per company. */
export function CompanySection() {
  const { t } = useTranslation('admin');
  const companies = useCompanies();
  const [chosen, setChosen] = useState<number | null>(null);
  const companyId = useId();

  const list = companies.data?.companies ?? [];
  const company = list.find((c) => c.id === chosen) ?? list[0];

  return (
    <ShopSection
      title={t('shop.company.title')}
      actions={
        list.length > 1 &&
        company && (
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
        )
      }
    >
      <QueryStates query={companies}>
        {() =>
          company ? (
            // A new company starts a fresh form: unsaved edits belong to the company they were made on.
            <CompanyForm key={company.id} company={company} />
          ) : (
            <EmptyState>{t('shop.company.none')}</EmptyState>
          )
        }
      </QueryStates>
    </ShopSection>
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

/** A comma list's problems (an item too long) show at the list's one field. */
const listField = (path: string) => path.replace(/^(tradenames|vat_numbers)\.\d+$/, '$1');

function CompanyForm({ company }: { company: AdminCompany }) {
  const { t } = useTranslation('admin');
  const form = useAppForm<CompanyDraft, AdminCompanyBody>({
    defaultValues: {
      name: company.name,
      address: company.address,
      kvk: company.kvk,
      city: company.city,
      country: company.country,
      tradenames: company.tradenames.join(', '),
      vat_numbers: company.vat_numbers.join(', '),
      support_phone: company.support_phone,
      delete_discount: String(company.delete_discount),
    },
    schema: AdminCompanyBodySchema,
    keepBlanks: true,
    toRequest: (draft) => ({
      ...draft,
      id: company.id,
      tradenames: commaList(draft.tradenames),
      vat_numbers: commaList(draft.vat_numbers),
      delete_discount: wholeOf(draft.delete_discount),
    }),
    fieldOf: listField,
    messages: useNumberMessages(['delete_discount']),
  });
  const save = useShopSave({
    save: useSaveCompany(),
    savedText: ({ company: saved }) => t('shop.company.saved', { name: saved.name }),
  });

  return (
    <ShopForm form={form} onSubmit={save} submitLabel={t('shop.company.save')}>
      {TEXT_FIELDS.map((name) => (
        <TextField
          key={name}
          name={name}
          label={t(`shop.company.fields.${name}`)}
          className="admin-field"
          maxLength={name === 'kvk' ? 40 : 200}
        />
      ))}
      <TextField
        name="support_phone"
        label={t('shop.company.fields.support_phone')}
        className="admin-field"
        type="tel"
        hint={t('shop.company.phoneHint')}
      />
      <TextAreaField
        name="tradenames"
        label={t('shop.company.fields.tradenames')}
        className="admin-field admin-field--wide"
        rows={2}
        hint={t('shop.company.listHint')}
      />
      <TextField
        name="vat_numbers"
        label={t('shop.company.fields.vat_numbers')}
        className="admin-field admin-field--wide"
        hint={t('shop.company.listHint')}
      />
      <TextField
        name="delete_discount"
        label={t('shop.company.fields.delete_discount')}
        className="admin-field"
        inputMode="numeric"
        hint={t('shop.company.deleteDiscountHint')}
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
    </ShopForm>
  );
}
