import { AdminGiftBodySchema, type AdminGift, type AdminGiftBody } from '@app/shared';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CheckField, TextField, useAppForm } from '../../components/form';
import { useGifts } from '../api/get-gifts';
import { useSaveGift } from '../api/save-gift';
import { nextPosition, wholeOf } from '../commerce-rules';
import {
  ActiveBadge,
  EditableSection,
  EditCell,
  ShopForm,
  ShopTable,
  useNumberMessages,
  useShopSave,
} from './commerce-fields';
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
  const form = useAppForm<GiftDraft, AdminGiftBody>({
    defaultValues: {
      key: gift?.key ?? '',
      name: gift?.name ?? '',
      image: gift?.image ?? '',
      credits: gift?.credits === null || gift?.credits === undefined ? '' : String(gift.credits),
      position: String(gift?.position ?? newPosition),
      active: gift?.active ?? true,
    },
    schema: AdminGiftBodySchema,
    keepBlanks: true,
    toRequest: (draft) => ({
      ...draft,
      // The key of a saved gift stays as it is: its field cannot be changed.
      key: gift?.key ?? draft.key,
      credits: wholeOf(draft.credits) ?? null,
      position: wholeOf(draft.position),
    }),
    messages: useNumberMessages(['credits', 'position']),
  });
  const save = useShopSave({
    save: useSaveGift(gift === null),
    savedText: ({ gift: saved }) => t('shop.gifts.saved', { name: saved.name }),
    onSaved: onDone,
  });
  const [name, image] = useWatch({ control: form.control, name: ['name', 'image'] });
  const shown = image.trim();

  return (
    <ShopForm
      form={form}
      onSubmit={save}
      title={gift ? t('shop.gifts.editTitle', { name: gift.name }) : t('shop.gifts.newTitle')}
      submitLabel={t('shop.gifts.save')}
      onCancel={onDone}
    >
      <TextField
        name="key"
        label={t('shop.gifts.key')}
        className="admin-field"
        maxLength={40}
        disabled={gift !== null}
        hint={gift ? t('shop.gifts.keyFixed') : t('shop.gifts.keyHint')}
      />
      <TextField name="name" label={t('shop.gifts.name')} className="admin-field" maxLength={60} />
      <TextField
        name="image"
        label={t('shop.gifts.image')}
        className="admin-field"
        maxLength={500}
        hint={t('shop.gifts.imageHint')}
      />
      <TextField
        name="credits"
        label={t('shop.gifts.credits')}
        className="admin-field"
        inputMode="numeric"
        hint={t('shop.gifts.creditsHint')}
      />
      <TextField
        name="position"
        label={t('shop.position')}
        className="admin-field"
        inputMode="numeric"
        hint={t('shop.positionHint')}
      />
      <CheckField name="active" label={t('shop.gifts.activeSwitch')} className="admin-field" toggle />
      {/^(\/|https:\/\/)/.test(shown) && (
        <div className="admin-field admin-field--wide">
          <span className="form-label d-block">{t('shop.gifts.preview')}</span>
          <img className="admin-gift-image admin-gift-image--large" src={shown} alt={name} />
        </div>
      )}
    </ShopForm>
  );
}
