import { AdminCompanyBodySchema, type AdminCompany } from '@app/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCompanies } from '../api/get-companies';
import { useSaveCompany } from '../api/save-company';
import { commaList } from '../commerce-rules';
import { ShopForm, ShopSection, useShopForm } from './commerce-fields';
import { TextField } from './form-fields';
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

function CompanyForm({ company }: { company: AdminCompany }) {
  const { t } = useTranslation('admin');
  const form = useShopForm({
    initial: (): CompanyDraft => ({
      name: company.name,
      address: company.address,
      kvk: company.kvk,
      city: company.city,
      country: company.country,
      tradenames: company.tradenames.join(', '),
      vat_numbers: company.vat_numbers.join(', '),
      support_phone: company.support_phone,
      delete_discount: String(company.delete_discount),
    }),
    check: (draft, read) =>
      AdminCompanyBodySchema.safeParse({
        id: company.id,
        name: draft.name,
        address: draft.address,
        kvk: draft.kvk,
        city: draft.city,
        country: draft.country,
        tradenames: commaList(draft.tradenames),
        vat_numbers: commaList(draft.vat_numbers),
        support_phone: draft.support_phone,
        delete_discount: read.whole('delete_discount', draft.delete_discount) ?? undefined,
      }),
    save: useSaveCompany(),
    savedText: ({ company: saved }) => t('shop.company.saved', { name: saved.name }),
  });
  const { field } = form;

  return (
    <ShopForm form={form} submitLabel={t('shop.company.save')}>
      {TEXT_FIELDS.map((name) => (
        <TextField
          key={name}
          label={t(`shop.company.fields.${name}`)}
          maxLength={name === 'kvk' ? 40 : 200}
          {...field(name)}
        />
      ))}
      <TextField
        label={t('shop.company.fields.support_phone')}
        type="tel"
        hint={t('shop.company.phoneHint')}
        {...field('support_phone')}
      />
      <TextField
        label={t('shop.company.fields.tradenames')}
        wide
        multiline
        hint={t('shop.company.listHint')}
        {...field('tradenames')}
      />
      <TextField
        label={t('shop.company.fields.vat_numbers')}
        wide
        hint={t('shop.company.listHint')}
        {...field('vat_numbers')}
      />
      <TextField
        label={t('shop.company.fields.delete_discount')}
        inputMode="numeric"
        hint={t('shop.company.deleteDiscountHint')}
        {...field('delete_discount')}
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
