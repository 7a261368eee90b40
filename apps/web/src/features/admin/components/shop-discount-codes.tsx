import {
  AdminDiscountCodeBodySchema,
  COUNTRIES,
  DISCOUNT_SOURCES,
  DISCOUNT_VALIDITIES,
  PAYMENT_METHODS,
  SOLD_CURRENCIES,
  type AdminDiscountCode,
} from '@app/shared';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { DiscountSourceFilter } from '../api/commerce-keys';
import { useCreateDiscountCode } from '../api/create-discount-code';
import { useExpireDiscountCode } from '../api/expire-discount-code';
import { useDiscountCodes } from '../api/get-discount-codes';
import {
  codeState,
  expiryFromDate,
  issueProblems,
  moneyText,
  parseMoney,
  parseWhole,
  problemAt,
} from '../commerce-rules';
import type { FieldProblem } from '../rules';
import { ConfirmDialog, FormAlerts, FormHeading, SelectField, TextField, useFieldProblems } from './commerce-fields';
import { formatDateTime, formatDay, formatMoney, formatNumber } from './format';
import { EmptyState, ErrorState, LoadingState, useProblemText } from './states';
import { useToast } from './toast';

/** Discount codes: a search by the code's start and source, their uses, a form for a new one, and expiring one. */
export function DiscountCodesSection() {
  const { t } = useTranslation('admin');
  const toast = useToast();
  const problemText = useProblemText();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const source = DISCOUNT_SOURCES.find((s) => s === params.get('source')) as DiscountSourceFilter;
  const [text, setText] = useState(q);
  const [adding, setAdding] = useState(false);
  const [expiring, setExpiring] = useState<AdminDiscountCode | null>(null);
  const codes = useDiscountCodes(q, source);
  const expire = useExpireDiscountCode();
  const headingId = useId();
  const searchId = useId();
  const sourceId = useId();

  function setParam(name: 'q' | 'source', value: string) {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next, { replace: true });
  }

  function handleSearch(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setParam('q', text.trim());
  }

  function closeExpire() {
    setExpiring(null);
    expire.reset();
  }

  const rows = codes.data?.pages.flatMap((page) => page.codes) ?? [];

  return (
    <section aria-labelledby={headingId}>
      <div className="admin-screen__header">
        <h2 id={headingId} className="admin-panel__title mb-0">
          {t('shop.discountCodes.title')}
        </h2>
        {!adding && (
          <button type="button" className="btn btn-primary btn-sm" onClick={() => setAdding(true)}>
            {t('shop.discountCodes.add')}
          </button>
        )}
      </div>
      {adding && <DiscountCodeForm onDone={() => setAdding(false)} />}
      <div className="admin-filters">
        <form className="admin-search mb-0" role="search" onSubmit={handleSearch}>
          <label className="visually-hidden" htmlFor={searchId}>
            {t('shop.discountCodes.search')}
          </label>
          <input
            id={searchId}
            type="search"
            className="form-control"
            placeholder={t('shop.discountCodes.searchHint')}
            maxLength={64}
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
          <button type="submit" className="btn btn-primary">
            {t('members.searchButton')}
          </button>
        </form>
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
      {codes.isPending ? (
        <LoadingState />
      ) : codes.isError ? (
        <ErrorState error={codes.error} onRetry={() => void codes.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState>{q ? t('shop.discountCodes.noResults', { q }) : t('shop.discountCodes.none')}</EmptyState>
      ) : (
        <>
          <div className="admin-table-wrap">
            <table className="table admin-table">
              <caption className="visually-hidden">{t('shop.discountCodes.title')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('shop.discountCodes.code')}</th>
                  <th scope="col" className="text-end">
                    {t('shop.discountCodes.percentage')}
                  </th>
                  <th scope="col">{t('shop.discountCodes.source')}</th>
                  <th scope="col">{t('shop.discountCodes.conditions')}</th>
                  <th scope="col" className="text-end">
                    {t('shop.discountCodes.uses')}
                  </th>
                  <th scope="col">{t('shop.discountCodes.lastUse')}</th>
                  <th scope="col">{t('shop.discountCodes.expires')}</th>
                  <th scope="col">{t('shop.discountCodes.state')}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t('shop.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((code) => {
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
                            onClick={() => setExpiring(code)}
                          >
                            {t('shop.discountCodes.expire')}
                          </button>
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          {codes.hasNextPage && (
            <button
              type="button"
              className="btn btn-outline-secondary"
              disabled={codes.isFetchingNextPage}
              onClick={() => void codes.fetchNextPage()}
            >
              {t('actions.loadMore')}
            </button>
          )}
        </>
      )}
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
    </section>
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
  const toast = useToast();
  const problemText = useProblemText();
  const create = useCreateDiscountCode();
  const { formRef, problems, showClient, showServer, clear } = useFieldProblems();
  const [draft, setDraft] = useState<CodeDraft>(EMPTY_DRAFT);
  const headingId = useId();
  const methodsId = useId();
  const decimal = i18n.language === 'en' ? '.' : ',';
  const regionNames = new Intl.DisplayNames([i18n.language], { type: 'region' });

  function update(patch: Partial<CodeDraft>) {
    setDraft((current) => ({ ...current, ...patch }));
    for (const path of Object.keys(patch)) clear(path);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const local: Record<string, FieldProblem> = {};
    const whole = (name: 'percentage' | 'member_id') => {
      const value = parseWhole(draft[name]);
      if (value === 'invalid') local[name] = { key: 'shop.wholeInvalid' };
      return value === 'invalid' ? undefined : value;
    };
    const minimum = parseMoney(draft.minimum_order_value);
    if (minimum === 'invalid') local.minimum_order_value = { key: 'shop.moneyInvalid' };
    const parsed = AdminDiscountCodeBodySchema.safeParse({
      code: draft.code,
      percentage: whole('percentage') ?? undefined,
      member_id: whole('member_id'),
      country: draft.country || null,
      currency: draft.currency || null,
      minimum_order_value: minimum === 'invalid' ? null : minimum,
      payment_methods: draft.payment_methods.length ? draft.payment_methods : null,
      validity: draft.validity,
      expires_at: expiryFromDate(draft.expires_at),
    });
    const found = { ...(parsed.success ? {} : issueProblems(parsed.error.issues)), ...local };
    if (showClient(found) || !parsed.success) return;
    create.mutate(parsed.data, {
      onSuccess: ({ code }) => {
        toast(t('shop.discountCodes.created', { code: code.code }));
        onDone();
      },
      onError: (error) => {
        showServer(error);
      },
    });
  }

  const serverFailure = create.isError && Object.keys(problems).length === 0 ? problemText(create.error) : null;
  const methodsError = problemAt(problems, 'payment_methods');

  return (
    <form
      ref={formRef}
      className="admin-card admin-panel"
      aria-labelledby={headingId}
      onSubmit={handleSubmit}
      noValidate
      aria-busy={create.isPending}
    >
      <FormHeading id={headingId}>{t('shop.discountCodes.newTitle')}</FormHeading>
      <FormAlerts invalid={Object.keys(problems).length > 0 && !create.isError} failure={serverFailure} />
      <div className="admin-fields">
        <TextField
          label={t('shop.discountCodes.code')}
          path="code"
          value={draft.code}
          maxLength={32}
          hint={t('shop.discountCodes.codeHint')}
          error={problems.code}
          onChange={(code) => update({ code })}
        />
        <TextField
          label={t('shop.discountCodes.percentageLabel')}
          path="percentage"
          inputMode="numeric"
          value={draft.percentage}
          hint={t('shop.discountCodes.percentageHint')}
          error={problems.percentage}
          onChange={(percentage) => update({ percentage })}
        />
        <TextField
          label={t('shop.discountCodes.memberId')}
          path="member_id"
          inputMode="numeric"
          value={draft.member_id}
          hint={t('shop.discountCodes.memberIdHint')}
          error={problems.member_id}
          onChange={(member_id) => update({ member_id })}
        />
        <SelectField
          label={t('shop.discountCodes.validity')}
          path="validity"
          value={draft.validity}
          error={problems.validity}
          options={DISCOUNT_VALIDITIES.map((v) => ({ value: v, label: t(`shop.discountCodes.validities.${v}`) }))}
          onChange={(validity) => update({ validity })}
        />
        <SelectField
          label={t('shop.discountCodes.country')}
          path="country"
          value={draft.country}
          error={problems.country}
          options={[
            { value: '', label: t('shop.discountCodes.anyCountry') },
            ...COUNTRIES.map((c) => ({ value: c, label: `${regionNames.of(c) ?? c} (${c})` })),
          ]}
          onChange={(country) => update({ country })}
        />
        <SelectField
          label={t('shop.discountCodes.currency')}
          path="currency"
          value={draft.currency}
          error={problems.currency}
          options={[
            { value: '', label: t('shop.discountCodes.anyCurrency') },
            ...SOLD_CURRENCIES.map((c) => ({ value: c, label: c })),
          ]}
          onChange={(currency) => update({ currency })}
        />
        <TextField
          label={t('shop.discountCodes.minimum')}
          path="minimum_order_value"
          inputMode="decimal"
          value={draft.minimum_order_value}
          hint={t('shop.discountCodes.minimumHint', { example: moneyText(2500, decimal) })}
          error={problems.minimum_order_value}
          onChange={(minimum_order_value) => update({ minimum_order_value })}
        />
        <TextField
          label={t('shop.discountCodes.expiresAt')}
          path="expires_at"
          type="date"
          value={draft.expires_at}
          hint={t('shop.discountCodes.expiresHint')}
          error={problems.expires_at}
          onChange={(expires_at) => update({ expires_at })}
        />
        <fieldset
          className="admin-field admin-field--wide"
          aria-describedby={methodsError ? `${methodsId}-error` : `${methodsId}-hint`}
        >
          <legend className="form-label">{t('shop.discountCodes.methods')}</legend>
          <p id={`${methodsId}-hint`} className="form-text mt-0">
            {t('shop.discountCodes.methodsHint')}
          </p>
          <div className="admin-checklist">
            {PAYMENT_METHODS.map((method, i) => (
              <div key={method} className="form-check">
                <input
                  id={`${methodsId}-${method}`}
                  data-field={i === 0 ? 'payment_methods' : undefined}
                  type="checkbox"
                  className="form-check-input"
                  checked={draft.payment_methods.includes(method)}
                  onChange={(e) =>
                    update({
                      payment_methods: e.target.checked
                        ? PAYMENT_METHODS.filter((m) => m === method || draft.payment_methods.includes(m))
                        : draft.payment_methods.filter((m) => m !== method),
                    })
                  }
                />
                <label className="form-check-label" htmlFor={`${methodsId}-${method}`}>
                  {method}
                </label>
              </div>
            ))}
          </div>
          {methodsError && (
            <div id={`${methodsId}-error`} className="invalid-feedback d-block">
              {methodsError}
            </div>
          )}
        </fieldset>
      </div>
      <div className="admin-form-bar">
        <button type="submit" className="btn btn-primary" disabled={create.isPending}>
          {t('shop.discountCodes.create')}
        </button>
        <button type="button" className="btn btn-outline-secondary" onClick={onDone}>
          {t('actions.cancel')}
        </button>
      </div>
    </form>
  );
}
