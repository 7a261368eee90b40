import {
  AdminBundleBodySchema,
  AdminBundleUpdateBodySchema,
  BUNDLE_TIERS,
  type AdminBundle,
  type AdminBundleBody,
  type AdminBundlesResponse,
  type AdminBundleUpdateBody,
} from '@app/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckField, SelectField, TextField, useAppForm, useFieldError } from '../../components/form';
import { useBundles } from '../api/get-bundles';
import { useSaveBundle } from '../api/save-bundle';
import { moneyOf, moneyText, nextPosition, wholeOf } from '../commerce-rules';
import {
  ActiveBadge,
  EditableSection,
  EditCell,
  ShopForm,
  ShopTable,
  useNumberMessages,
  useShopSave,
} from './commerce-fields';
import { formatMoney, formatNumber } from './format';
import { EmptyState } from './states';

/** Credit bundles: every bundle with its prices, and a form to add one or change one whole. */
export function BundlesSection() {
  const { t } = useTranslation('admin');
  return (
    <EditableSection
      title={t('shop.bundles.title')}
      addLabel={t('shop.bundles.add')}
      query={useBundles()}
      form={(bundle: AdminBundle | null, data, close) => (
        <BundleForm key={bundle?.id ?? 'new'} bundle={bundle} data={data} onDone={close} />
      )}
      list={(data, edit) => <BundlesTable data={data} onEdit={edit} />}
    />
  );
}

function BundlesTable({ data, onEdit }: { data: AdminBundlesResponse; onEdit: (bundle: AdminBundle) => void }) {
  const { t } = useTranslation('admin');
  if (data.bundles.length === 0) return <EmptyState>{t('shop.bundles.none')}</EmptyState>;
  return (
    <ShopTable
      caption={t('shop.bundles.title')}
      columns={[
        { label: t('shop.bundles.tier') },
        { label: t('shop.bundles.credits'), end: true },
        { label: t('shop.bundles.prices') },
        { label: t('shop.bundles.state') },
        { label: t('shop.position'), end: true },
      ]}
    >
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
              <ActiveBadge active={bundle.active} />
            </span>
          </td>
          <td className="text-end">{bundle.position}</td>
          <EditCell
            label={t('shop.bundles.edit', { credits: formatNumber(bundle.credits) })}
            onClick={() => onEdit(bundle)}
          />
        </tr>
      ))}
    </ShopTable>
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
  const pricesId = useId();
  const decimal = i18n.language === 'en' ? '.' : ',';
  const form = useAppForm<BundleDraft, AdminBundleBody | AdminBundleUpdateBody>({
    defaultValues: {
      tier: bundle?.tier ?? 'p0',
      credits: bundle ? String(bundle.credits) : '',
      position: String(bundle?.position ?? nextPosition(data.bundles)),
      popular: bundle?.popular ?? false,
      active: bundle?.active ?? true,
      prices: Object.fromEntries(data.currencies.map((c) => [c, moneyText(bundle?.prices[c], decimal)])),
    },
    schema: bundle ? AdminBundleUpdateBodySchema : AdminBundleBodySchema,
    keepBlanks: true,
    toRequest: (draft) => ({
      ...(bundle ? { id: bundle.id } : {}),
      tier: draft.tier,
      credits: wholeOf(draft.credits),
      position: wholeOf(draft.position),
      popular: draft.popular,
      active: draft.active,
      prices: Object.fromEntries(data.currencies.map((c) => [c, moneyOf(draft.prices[c] ?? '')])),
    }),
    messages: useNumberMessages(
      ['credits', 'position'],
      data.currencies.map((c) => `prices.${c}`),
    ),
  });
  const save = useShopSave({
    save: useSaveBundle(),
    savedText: ({ bundle: saved }) => t('shop.bundles.saved', { credits: formatNumber(saved.credits) }),
    onSaved: onDone,
  });

  return (
    <ShopForm
      form={form}
      onSubmit={save}
      title={
        bundle ? t('shop.bundles.editTitle', { credits: formatNumber(bundle.credits) }) : t('shop.bundles.newTitle')
      }
      submitLabel={t('shop.bundles.save')}
      onCancel={onDone}
    >
      <SelectField
        name="tier"
        label={t('shop.bundles.tier')}
        className="admin-field"
        hint={t('shop.bundles.tierHint')}
        options={BUNDLE_TIERS.map((tier) => ({ value: tier, label: tier }))}
      />
      <TextField name="credits" label={t('shop.bundles.credits')} className="admin-field" inputMode="numeric" />
      <TextField
        name="position"
        label={t('shop.position')}
        className="admin-field"
        inputMode="numeric"
        hint={t('shop.positionHint')}
      />
      <div>
        <CheckField
          name="popular"
          label={t('shop.bundles.popularSwitch')}
          className="admin-field"
          hint={t('shop.bundles.popularHint')}
          toggle
        />
        <CheckField name="active" label={t('shop.bundles.activeSwitch')} className="admin-field" toggle />
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
              name={`prices.${currency}`}
              label={t('shop.bundles.price', { currency })}
              inputMode="decimal"
            />
          ))}
        </div>
        <PricesProblem />
      </fieldset>
    </ShopForm>
  );
}

/** A problem with the prices as a whole (a currency left out), under them. */
function PricesProblem() {
  const problem = useFieldError('prices');
  return problem ? <div className="invalid-feedback d-block">{problem}</div> : null;
}
