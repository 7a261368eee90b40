import { AdminGiftBodySchema, type AdminGift } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { useGifts } from '../api/get-gifts';
import { useSaveGift } from '../api/save-gift';
import { nextPosition } from '../commerce-rules';
import { ActiveBadge, EditableSection, EditCell, ShopForm, ShopTable, useShopForm } from './commerce-fields';
import { SwitchField, TextField } from './form-fields';
import { formatNumber } from './format';
import { EmptyState } from './states';

/** Gifts members can send: the list with each picture, and a form to add or change one (the key stays). */
export function GiftsSection() {
  const { t } = useTranslation('admin');
  return (
    <EditableSection
      title={t('shop.gifts.title')}
      addLabel={t('shop.gifts.add')}
      query={useGifts()}
      form={(gift: AdminGift | null, { gifts }, close) => (
        <GiftForm key={gift?.key ?? 'new'} gift={gift} newPosition={nextPosition(gifts)} onDone={close} />
      )}
      list={({ gifts }, edit) => <GiftsTable gifts={gifts} onEdit={edit} />}
    />
  );
}

function GiftsTable({ gifts, onEdit }: { gifts: readonly AdminGift[]; onEdit: (gift: AdminGift) => void }) {
  const { t } = useTranslation('admin');
  if (gifts.length === 0) return <EmptyState>{t('shop.gifts.none')}</EmptyState>;
  return (
    <ShopTable
      caption={t('shop.gifts.title')}
      columns={[
        { label: t('shop.gifts.picture') },
        { label: t('shop.gifts.name') },
        { label: t('shop.gifts.key') },
        { label: t('shop.gifts.credits'), end: true },
        { label: t('shop.bundles.state') },
        { label: t('shop.position'), end: true },
      ]}
    >
      {gifts.map((gift) => (
        <tr key={gift.key}>
          <td>
            <img className="admin-gift-image" src={gift.image} alt={gift.name} loading="lazy" />
          </td>
          <td>{gift.name}</td>
          <td>
            <code>{gift.key}</code>
          </td>
          <td className="text-end">
            {gift.credits === null ? t('shop.gifts.defaultCredits') : formatNumber(gift.credits)}
          </td>
          <td>
            <ActiveBadge active={gift.active} />
          </td>
          <td className="text-end">{gift.position}</td>
          <EditCell label={t('shop.gifts.edit', { name: gift.name })} onClick={() => onEdit(gift)} />
        </tr>
      ))}
    </ShopTable>
  );
}

interface GiftDraft {
  key: string;
  name: string;
  image: string;
  credits: string;
  position: string;
  active: boolean;
}

function GiftForm({
  gift,
  newPosition,
  onDone,
}: {
  gift: AdminGift | null;
  /** Where a new gift goes unless the operator says otherwise. */
  newPosition: number;
  onDone: () => void;
}) {
  const { t } = useTranslation('admin');
  const form = useShopForm({
    initial: (): GiftDraft => ({
      key: gift?.key ?? '',
      name: gift?.name ?? '',
      image: gift?.image ?? '',
      credits: gift?.credits === null || gift?.credits === undefined ? '' : String(gift.credits),
      position: String(gift?.position ?? newPosition),
      active: gift?.active ?? true,
    }),
    check: (draft, read) =>
      AdminGiftBodySchema.safeParse({
        key: draft.key,
        name: draft.name,
        image: draft.image,
        credits: read.whole('credits', draft.credits),
        position: read.whole('position', draft.position) ?? undefined,
        active: draft.active,
      }),
    save: useSaveGift(gift === null),
    savedText: ({ gift: saved }) => t('shop.gifts.saved', { name: saved.name }),
    onSaved: onDone,
  });
  const { draft, field } = form;
  const image = draft.image.trim();

  return (
    <ShopForm
      form={form}
      title={gift ? t('shop.gifts.editTitle', { name: gift.name }) : t('shop.gifts.newTitle')}
      submitLabel={t('shop.gifts.save')}
      onCancel={onDone}
    >
      <TextField
        label={t('shop.gifts.key')}
        maxLength={40}
        disabled={gift !== null}
        hint={gift ? t('shop.gifts.keyFixed') : t('shop.gifts.keyHint')}
        {...field('key')}
      />
      <TextField label={t('shop.gifts.name')} maxLength={60} {...field('name')} />
      <TextField label={t('shop.gifts.image')} maxLength={500} hint={t('shop.gifts.imageHint')} {...field('image')} />
      <TextField
        label={t('shop.gifts.credits')}
        inputMode="numeric"
        hint={t('shop.gifts.creditsHint')}
        {...field('credits')}
      />
      <TextField label={t('shop.position')} inputMode="numeric" hint={t('shop.positionHint')} {...field('position')} />
      <SwitchField label={t('shop.gifts.activeSwitch')} {...field('active')} />
      {/^(\/|https:\/\/)/.test(image) && (
        <div className="admin-field admin-field--wide">
          <span className="form-label d-block">{t('shop.gifts.preview')}</span>
          <img className="admin-gift-image admin-gift-image--large" src={image} alt={draft.name} />
        </div>
      )}
    </ShopForm>
  );
}
