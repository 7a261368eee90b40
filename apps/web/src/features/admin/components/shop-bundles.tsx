import {
  AdminBundleBodySchema,
  AdminBundleUpdateBodySchema,
  BUNDLE_TIERS,
  type AdminBundle,
  type AdminBundlesResponse,
} from '@app/shared';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useBundles } from '../api/get-bundles';
import { useSaveBundle } from '../api/save-bundle';
import { issueProblems, moneyText, parseMoney, parseWhole, problemAt } from '../commerce-rules';
import type { FieldProblem } from '../rules';
import { FormAlerts, FormHeading, SelectField, SwitchField, TextField, useFieldProblems } from './commerce-fields';
import { formatMoney, formatNumber } from './format';
import { EmptyState, ErrorState, LoadingState, useProblemText } from './states';
import { useToast } from './toast';

type Editing = AdminBundle | 'new' | null;

/** Credit bundles: every bundle with its prices, and a form to add one or change one whole. */
export function BundlesSection() {
  const { t } = useTranslation('admin');
  const bundles = useBundles();
  const [editing, setEditing] = useState<Editing>(null);
  const headingId = useId();

  return (
    <section aria-labelledby={headingId}>
      <div className="admin-screen__header">
        <h2 id={headingId} className="admin-panel__title mb-0">
          {t('shop.bundles.title')}
        </h2>
        {bundles.isSuccess && editing === null && (
          <button type="button" className="btn btn-primary btn-sm" onClick={() => setEditing('new')}>
            {t('shop.bundles.add')}
          </button>
        )}
      </div>
      {bundles.isPending ? (
        <LoadingState />
      ) : bundles.isError ? (
        <ErrorState error={bundles.error} onRetry={() => void bundles.refetch()} />
      ) : (
        <>
          {editing !== null && (
            <BundleForm
              key={editing === 'new' ? 'new' : editing.id}
              bundle={editing === 'new' ? null : editing}
              data={bundles.data}
              onDone={() => setEditing(null)}
            />
          )}
          <BundlesTable data={bundles.data} onEdit={setEditing} />
        </>
      )}
    </section>
  );
}

function BundlesTable({ data, onEdit }: { data: AdminBundlesResponse; onEdit: (bundle: AdminBundle) => void }) {
  const { t } = useTranslation('admin');
  if (data.bundles.length === 0) return <EmptyState>{t('shop.bundles.none')}</EmptyState>;
  return (
    <div className="admin-table-wrap">
      <table className="table admin-table">
        <caption className="visually-hidden">{t('shop.bundles.title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('shop.bundles.tier')}</th>
            <th scope="col" className="text-end">
              {t('shop.bundles.credits')}
            </th>
            <th scope="col">{t('shop.bundles.prices')}</th>
            <th scope="col">{t('shop.bundles.state')}</th>
            <th scope="col" className="text-end">
              {t('shop.position')}
            </th>
            <th scope="col">
              <span className="visually-hidden">{t('shop.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {data.bundles.map((bundle) => (
            <tr key={bundle.id}>
              <td>{bundle.tier}</td>
              <td className="text-end">{formatNumber(bundle.credits)}</td>
              <td>
                <span className="admin-prices">
                  {data.currencies.map((currency) => (
                    <span key={currency} className="text-nowrap">
                      {bundle.prices[currency] === undefined
                        ? `– ${currency}`
                        : formatMoney(bundle.prices[currency], currency)}
                    </span>
                  ))}
                </span>
              </td>
              <td>
                <span className="admin-badges">
                  {bundle.popular && (
                    <span className="badge admin-badge admin-badge--premium">{t('shop.bundles.popular')}</span>
                  )}
                  <span className={`badge admin-badge${bundle.active ? '' : ' admin-badge--withdrawn'}`}>
                    {bundle.active ? t('shop.active') : t('shop.withdrawn')}
                  </span>
                </span>
              </td>
              <td className="text-end">{bundle.position}</td>
              <td className="text-end">
                <button type="button" className="btn btn-outline-secondary btn-sm" onClick={() => onEdit(bundle)}>
                  {t('shop.bundles.edit', { credits: formatNumber(bundle.credits) })}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

interface BundleDraft {
  tier: string;
  credits: string;
  position: string;
  popular: boolean;
  active: boolean;
  prices: Record<string, string>;
}

function BundleForm({
  bundle,
  data,
  onDone,
}: {
  bundle: AdminBundle | null;
  data: AdminBundlesResponse;
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation('admin');
  const toast = useToast();
  const problemText = useProblemText();
  const save = useSaveBundle();
  const { formRef, problems, showClient, showServer, clear, reset } = useFieldProblems();
  const [invalid, setInvalid] = useState(false);
  const headingId = useId();
  const pricesId = useId();
  const decimal = i18n.language === 'en' ? '.' : ',';
  const [draft, setDraft] = useState<BundleDraft>(() => ({
    tier: bundle?.tier ?? 'p0',
    credits: bundle ? String(bundle.credits) : '',
    position: String(bundle?.position ?? Math.max(-1, ...data.bundles.map((b) => b.position)) + 1),
    popular: bundle?.popular ?? false,
    active: bundle?.active ?? true,
    prices: Object.fromEntries(data.currencies.map((c) => [c, moneyText(bundle?.prices[c], decimal)])),
  }));

  function update(patch: Partial<BundleDraft>, path: string) {
    setDraft((current) => ({ ...current, ...patch }));
    clear(path);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const local: Record<string, FieldProblem> = {};
    const whole = (name: 'credits' | 'position') => {
      const value = parseWhole(draft[name]);
      if (value === 'invalid') local[name] = { key: 'shop.wholeInvalid' };
      return typeof value === 'number' ? value : undefined;
    };
    const prices: Record<string, number | undefined> = {};
    for (const currency of data.currencies) {
      const value = parseMoney(draft.prices[currency] ?? '');
      if (value === 'invalid') local[`prices.${currency}`] = { key: 'shop.moneyInvalid' };
      prices[currency] = typeof value === 'number' ? value : undefined;
    }
    const candidate = {
      ...(bundle ? { id: bundle.id } : {}),
      tier: draft.tier,
      credits: whole('credits'),
      position: whole('position'),
      popular: draft.popular,
      active: draft.active,
      prices,
    };
    const parsed = (bundle ? AdminBundleUpdateBodySchema : AdminBundleBodySchema).safeParse(candidate);
    const found = { ...(parsed.success ? {} : issueProblems(parsed.error.issues)), ...local };
    setInvalid(Object.keys(found).length > 0);
    if (showClient(found) || !parsed.success) return;
    save.mutate(parsed.data, {
      onSuccess: ({ bundle: saved }) => {
        toast(t('shop.bundles.saved', { credits: formatNumber(saved.credits) }));
        onDone();
      },
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
      aria-labelledby={headingId}
      onSubmit={handleSubmit}
      noValidate
      aria-busy={save.isPending}
    >
      <FormHeading id={headingId}>
        {bundle ? t('shop.bundles.editTitle', { credits: formatNumber(bundle.credits) }) : t('shop.bundles.newTitle')}
      </FormHeading>
      <FormAlerts invalid={invalid && Object.keys(problems).length > 0} failure={serverFailure} />
      <div className="admin-fields">
        <SelectField
          label={t('shop.bundles.tier')}
          path="tier"
          value={draft.tier}
          error={problems.tier}
          hint={t('shop.bundles.tierHint')}
          options={BUNDLE_TIERS.map((tier) => ({ value: tier, label: tier }))}
          onChange={(tier) => update({ tier }, 'tier')}
        />
        <TextField
          label={t('shop.bundles.credits')}
          path="credits"
          inputMode="numeric"
          value={draft.credits}
          error={problems.credits}
          onChange={(credits) => update({ credits }, 'credits')}
        />
        <TextField
          label={t('shop.position')}
          path="position"
          inputMode="numeric"
          value={draft.position}
          error={problems.position}
          hint={t('shop.positionHint')}
          onChange={(position) => update({ position }, 'position')}
        />
        <div>
          <SwitchField
            label={t('shop.bundles.popularSwitch')}
            path="popular"
            checked={draft.popular}
            hint={t('shop.bundles.popularHint')}
            error={problems.popular}
            onChange={(popular) => update({ popular }, 'popular')}
          />
          <SwitchField
            label={t('shop.bundles.activeSwitch')}
            path="active"
            checked={draft.active}
            error={problems.active}
            onChange={(active) => update({ active }, 'active')}
          />
        </div>
        <fieldset className="admin-field admin-field--wide" aria-describedby={`${pricesId}-hint`}>
          <legend className="form-label">{t('shop.bundles.prices')}</legend>
          <p id={`${pricesId}-hint`} className="form-text mt-0">
            {t('shop.bundles.pricesHint', { example: moneyText(1999, decimal) })}
          </p>
          <div className="admin-price-grid">
            {data.currencies.map((currency) => (
              <TextField
                key={currency}
                label={t('shop.bundles.price', { currency })}
                path={`prices.${currency}`}
                inputMode="decimal"
                value={draft.prices[currency] ?? ''}
                error={problemAt(problems, `prices.${currency}`)}
                onChange={(value) => update({ prices: { ...draft.prices, [currency]: value } }, `prices.${currency}`)}
              />
            ))}
          </div>
          {problems.prices && <div className="invalid-feedback d-block">{problems.prices}</div>}
        </fieldset>
      </div>
      <div className="admin-form-bar">
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>
          {t('shop.bundles.save')}
        </button>
        <button
          type="button"
          className="btn btn-outline-secondary"
          onClick={() => {
            reset();
            onDone();
          }}
        >
          {t('actions.cancel')}
        </button>
      </div>
    </form>
  );
}
