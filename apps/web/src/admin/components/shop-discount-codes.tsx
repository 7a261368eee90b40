import {
  AdminDiscountCodeBodySchema,
  COUNTRIES,
  DISCOUNT_SOURCES,
  DISCOUNT_VALIDITIES,
  PAYMENT_METHODS,
  SOLD_CURRENCIES,
  type AdminDiscountCode,
  type AdminDiscountCodeBody,
} from '@app/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { CheckListField, SelectField, TextField, useAppForm } from '../../components/form';
import type { DiscountSourceFilter } from '../api/commerce-keys';
import { useCreateDiscountCode } from '../api/create-discount-code';
import { useExpireDiscountCode } from '../api/expire-discount-code';
import { useDiscountCodes } from '../api/get-discount-codes';
import { codeState, expiryFromDate, moneyOf, moneyText, wholeOf } from '../commerce-rules';
import {
  AddButton,
  ConfirmDialog,
  ShopForm,
  ShopSection,
  ShopTable,
  useNumberMessages,
  useShopSave,
} from './commerce-fields';
import { formatDateTime, formatDay, formatMoney, formatNumber } from './format';
import { EmptyState, LoadMoreButton, QueryStates, SearchBox, useProblemText } from './states';
import { useToast } from './toast';

/** Discount codes: a search by the code's start and source, their uses, a form for a new one, and expiring one. */
export function DiscountCodesSection() {
  const { t } = useTranslation('admin');
  const toast = useToast();
  const problemText = useProblemText();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const source = DISCOUNT_SOURCES.find((s) => s === params.get('source')) as DiscountSourceFilter;
  const [adding, setAdding] = useState(false);
  const [expiring, setExpiring] = useState<AdminDiscountCode | null>(null);
  const codes = useDiscountCodes(q, source);
  const expire = useExpireDiscountCode();
  const sourceId = useId();

  function setParam(name: 'q' | 'source', value: string) {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next, { replace: true });
  }

  function closeExpire() {
    setExpiring(null);
    expire.reset();
  }

  const rows = codes.data?.pages.flatMap((page) => page.codes) ?? [];

  return (
    <ShopSection
      title={t('shop.discountCodes.title')}
      actions={!adding && <AddButton label={t('shop.discountCodes.add')} onClick={() => setAdding(true)} />}
    >
      {adding && <DiscountCodeForm onDone={() => setAdding(false)} />}
      <div className="admin-filters">
        <SearchBox
          className="mb-0"
          label={t('shop.discountCodes.search')}
          hint={t('shop.discountCodes.searchHint')}
          initial={q}
          maxLength={64}
          onSearch={(text) => setParam('q', text)}
        />
        <div className="admin-inline-field">
          <label className="form-label mb-0" htmlFor={sourceId}>
            {t('shop.discountCodes.sourceFilter')}
          </label>
          <select
            id={sourceId}
            className="form-select form-select-sm"
            value={source ?? ''}
            onChange={(e) => setParam('source', e.target.value)}
          >
            <option value="">{t('shop.discountCodes.allSources')}</option>
            {DISCOUNT_SOURCES.map((s) => (
              <option key={s} value={s}>
                {t(`shop.discountCodes.sources.${s}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <QueryStates query={codes}>
        {() =>
          rows.length === 0 ? (
            <EmptyState>{q ? t('shop.discountCodes.noResults', { q }) : t('shop.discountCodes.none')}</EmptyState>
          ) : (
            <>
              <CodesTable codes={rows} onExpire={setExpiring} />
              <LoadMoreButton query={codes} />
            </>
          )
        }
      </QueryStates>
      {expiring && (
        <ConfirmDialog
          title={t('shop.discountCodes.expireTitle', { code: expiring.code })}
          text={t('shop.discountCodes.expireText')}
          confirmLabel={t('shop.discountCodes.expire')}
          pending={expire.isPending}
          error={expire.isError ? problemText(expire.error) : null}
          onClose={closeExpire}
          onConfirm={() =>
            expire.mutate(expiring.id, {
              onSuccess: ({ code }) => {
                toast(t('shop.discountCodes.expired', { code: code.code }));
                closeExpire();
              },
            })
          }
        />
      )}
    </ShopSection>
  );
}

/** The codes with their uses; an active operator, retention or welcome code can be expired from its row. */
function CodesTable({
  codes,
  onExpire,
}: {
  codes: readonly AdminDiscountCode[];
  onExpire: (code: AdminDiscountCode) => void;
}) {
  const { t } = useTranslation('admin');
  return (
    <ShopTable
      caption={t('shop.discountCodes.title')}
      columns={[
        { label: t('shop.discountCodes.code') },
        { label: t('shop.discountCodes.percentage'), end: true },
        { label: t('shop.discountCodes.source') },
        { label: t('shop.discountCodes.conditions') },
        { label: t('shop.discountCodes.uses'), end: true },
        { label: t('shop.discountCodes.lastUse') },
        { label: t('shop.discountCodes.expires') },
        { label: t('shop.discountCodes.state') },
      ]}
    >
      {codes.map((code) => {
        const state = codeState(code);
        return (
          <tr key={code.id}>
            <td>
              <code>{code.code}</code>
            </td>
            <td className="text-end">{code.percentage}%</td>
            <td>{t(`shop.discountCodes.sources.${code.source}`)}</td>
            <td>
              <Conditions code={code} />
            </td>
            <td className="text-end">{formatNumber(code.uses)}</td>
            <td className="text-nowrap">{formatDateTime(code.last_used_at)}</td>
            <td className="text-nowrap">{formatDay(code.expires_at)}</td>
            <td>
              <span className={`badge admin-badge admin-badge--code-${state}`}>
                {t(`shop.discountCodes.states.${state}`)}
              </span>
            </td>
            <td className="text-end">
              {state === 'active' && code.source !== 'time_bonus' && (
                <button
                  type="button"
                  className="btn btn-outline-danger btn-sm text-nowrap"
                  aria-label={t('shop.discountCodes.expireLabel', { code: code.code })}
                  onClick={() => onExpire(code)}
                >
                  {t('shop.discountCodes.expire')}
                </button>
              )}
            </td>
          </tr>
        );
      })}
    </ShopTable>
  );
}

/** Who and what a code is for: personal member, country, currency, minimum, methods, validity. */
function Conditions({ code }: { code: AdminDiscountCode }) {
  const { t } = useTranslation('admin');
  return (
    <ul className="admin-conditions">
      {code.member_id !== null && (
        <li>
          <Link to={`/admin/members/${code.member_id}`}>
            {t('shop.discountCodes.personalFor', { id: code.member_id })}
          </Link>
        </li>
      )}
      {code.country && <li>{code.country}</li>}
      {code.minimum_order_value !== null && (
        <li>
          {t('shop.discountCodes.minimumShort', {
            amount: formatMoney(code.minimum_order_value, code.currency ?? 'EUR'),
          })}
        </li>
      )}
      {code.minimum_order_value === null && code.currency && <li>{code.currency}</li>}
      {code.payment_methods && <li>{code.payment_methods.join(', ')}</li>}
      <li>{t(`shop.discountCodes.validities.${code.validity}`)}</li>
    </ul>
  );
}

interface CodeDraft {
  code: string;
  percentage: string;
  member_id: string;
  country: string;
  currency: string;
  minimum_order_value: string;
  payment_methods: string[];
  validity: string;
  expires_at: string;
}

const EMPTY_DRAFT: CodeDraft = {
  code: '',
  percentage: '',
  member_id: '',
  country: '',
  currency: '',
  minimum_order_value: '',
  payment_methods: [],
  validity: 'once_per_user',
  expires_at: '',
};

function DiscountCodeForm({ onDone }: { onDone: () => void }) {
  const { t, i18n } = useTranslation('admin');
  const decimal = i18n.language === 'en' ? '.' : ',';
  const regionNames = new Intl.DisplayNames([i18n.language], { type: 'region' });
  const form = useAppForm<CodeDraft, AdminDiscountCodeBody>({
    defaultValues: EMPTY_DRAFT,
    schema: AdminDiscountCodeBodySchema,
    keepBlanks: true,
    toRequest: (draft) => ({
      code: draft.code,
      percentage: wholeOf(draft.percentage),
      member_id: wholeOf(draft.member_id) ?? null,
      country: draft.country || null,
      currency: draft.currency || null,
      minimum_order_value: moneyOf(draft.minimum_order_value) ?? null,
      payment_methods: draft.payment_methods.length ? draft.payment_methods : null,
      validity: draft.validity,
      expires_at: expiryFromDate(draft.expires_at),
    }),
    messages: useNumberMessages(['percentage', 'member_id'], ['minimum_order_value']),
  });
  const save = useShopSave({
    save: useCreateDiscountCode(),
    savedText: ({ code }) => t('shop.discountCodes.created', { code: code.code }),
    onSaved: onDone,
  });

  return (
    <ShopForm
      form={form}
      onSubmit={save}
      title={t('shop.discountCodes.newTitle')}
      submitLabel={t('shop.discountCodes.create')}
      onCancel={onDone}
    >
      <TextField
        name="code"
        label={t('shop.discountCodes.code')}
        className="admin-field"
        maxLength={32}
        hint={t('shop.discountCodes.codeHint')}
      />
      <TextField
        name="percentage"
        label={t('shop.discountCodes.percentageLabel')}
        className="admin-field"
        inputMode="numeric"
        hint={t('shop.discountCodes.percentageHint')}
      />
      <TextField
        name="member_id"
        label={t('shop.discountCodes.memberId')}
        className="admin-field"
        inputMode="numeric"
        hint={t('shop.discountCodes.memberIdHint')}
      />
      <SelectField
        name="validity"
        label={t('shop.discountCodes.validity')}
        className="admin-field"
        options={DISCOUNT_VALIDITIES.map((v) => ({ value: v, label: t(`shop.discountCodes.validities.${v}`) }))}
      />
      <SelectField
        name="country"
        label={t('shop.discountCodes.country')}
        className="admin-field"
        options={[
          { value: '', label: t('shop.discountCodes.anyCountry') },
          ...COUNTRIES.map((c) => ({ value: c, label: `${regionNames.of(c) ?? c} (${c})` })),
        ]}
      />
      <SelectField
        name="currency"
        label={t('shop.discountCodes.currency')}
        className="admin-field"
        options={[
          { value: '', label: t('shop.discountCodes.anyCurrency') },
          ...SOLD_CURRENCIES.map((c) => ({ value: c, label: c })),
        ]}
      />
      <TextField
        name="minimum_order_value"
        label={t('shop.discountCodes.minimum')}
        className="admin-field"
        inputMode="decimal"
        hint={t('shop.discountCodes.minimumHint', { example: moneyText(2500, decimal) })}
      />
      <TextField
        name="expires_at"
        label={t('shop.discountCodes.expiresAt')}
        className="admin-field"
        type="date"
        hint={t('shop.discountCodes.expiresHint')}
      />
      <CheckListField
        name="payment_methods"
        label={t('shop.discountCodes.methods')}
        className="admin-field admin-field--wide"
        listClassName="admin-checklist"
        hint={t('shop.discountCodes.methodsHint')}
        options={PAYMENT_METHODS.map((method) => ({ value: method, label: method }))}
      />
    </ShopForm>
  );
}
