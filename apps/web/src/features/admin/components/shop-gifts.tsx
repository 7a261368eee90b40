import { AdminGiftBodySchema, type AdminGift } from '@app/shared';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useGifts } from '../api/get-gifts';
import { useSaveGift } from '../api/save-gift';
import { issueProblems, parseWhole } from '../commerce-rules';
import type { FieldProblem } from '../rules';
import { FormAlerts, FormHeading, SwitchField, TextField, useFieldProblems } from './commerce-fields';
import { formatNumber } from './format';
import { EmptyState, ErrorState, LoadingState, useProblemText } from './states';
import { useToast } from './toast';

type Editing = AdminGift | 'new' | null;

/** Gifts members can send: the list with each picture, and a form to add or change one (the key stays). */
export function GiftsSection() {
  const { t } = useTranslation('admin');
  const gifts = useGifts();
  const [editing, setEditing] = useState<Editing>(null);
  const headingId = useId();

  return (
    <section aria-labelledby={headingId}>
      <div className="admin-screen__header">
        <h2 id={headingId} className="admin-panel__title mb-0">
          {t('shop.gifts.title')}
        </h2>
        {gifts.isSuccess && editing === null && (
          <button type="button" className="btn btn-primary btn-sm" onClick={() => setEditing('new')}>
            {t('shop.gifts.add')}
          </button>
        )}
      </div>
      {gifts.isPending ? (
        <LoadingState />
      ) : gifts.isError ? (
        <ErrorState error={gifts.error} onRetry={() => void gifts.refetch()} />
      ) : (
        <>
          {editing !== null && (
            <GiftForm
              key={editing === 'new' ? 'new' : editing.key}
              gift={editing === 'new' ? null : editing}
              nextPosition={Math.max(-1, ...gifts.data.gifts.map((g) => g.position)) + 1}
              onDone={() => setEditing(null)}
            />
          )}
          {gifts.data.gifts.length === 0 ? (
            <EmptyState>{t('shop.gifts.none')}</EmptyState>
          ) : (
            <div className="admin-table-wrap">
              <table className="table admin-table">
                <caption className="visually-hidden">{t('shop.gifts.title')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('shop.gifts.picture')}</th>
                    <th scope="col">{t('shop.gifts.name')}</th>
                    <th scope="col">{t('shop.gifts.key')}</th>
                    <th scope="col" className="text-end">
                      {t('shop.gifts.credits')}
                    </th>
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
                  {gifts.data.gifts.map((gift) => (
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
                        <span className={`badge admin-badge${gift.active ? '' : ' admin-badge--withdrawn'}`}>
                          {gift.active ? t('shop.active') : t('shop.withdrawn')}
                        </span>
                      </td>
                      <td className="text-end">{gift.position}</td>
                      <td className="text-end">
                        <button
                          type="button"
                          className="btn btn-outline-secondary btn-sm"
                          onClick={() => setEditing(gift)}
                        >
                          {t('shop.gifts.edit', { name: gift.name })}
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </section>
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
  nextPosition,
  onDone,
}: {
  gift: AdminGift | null;
  nextPosition: number;
  onDone: () => void;
}) {
  const { t } = useTranslation('admin');
  const toast = useToast();
  const problemText = useProblemText();
  const save = useSaveGift();
  const { formRef, problems, showClient, showServer, clear } = useFieldProblems();
  const headingId = useId();
  const [draft, setDraft] = useState<GiftDraft>(() => ({
    key: gift?.key ?? '',
    name: gift?.name ?? '',
    image: gift?.image ?? '',
    credits: gift?.credits === null || gift?.credits === undefined ? '' : String(gift.credits),
    position: String(gift?.position ?? nextPosition),
    active: gift?.active ?? true,
  }));

  function update(patch: Partial<GiftDraft>) {
    setDraft((current) => ({ ...current, ...patch }));
    for (const path of Object.keys(patch)) clear(path);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const local: Record<string, FieldProblem> = {};
    const whole = (name: 'credits' | 'position') => {
      const value = parseWhole(draft[name]);
      if (value === 'invalid') local[name] = { key: 'shop.wholeInvalid' };
      return value === 'invalid' ? undefined : value;
    };
    const credits = whole('credits');
    const position = whole('position');
    const parsed = AdminGiftBodySchema.safeParse({
      key: draft.key,
      name: draft.name,
      image: draft.image,
      credits,
      position: position ?? undefined,
      active: draft.active,
    });
    const found = { ...(parsed.success ? {} : issueProblems(parsed.error.issues)), ...local };
    if (showClient(found) || !parsed.success) return;
    save.mutate(
      { body: parsed.data, isNew: gift === null },
      {
        onSuccess: ({ gift: saved }) => {
          toast(t('shop.gifts.saved', { name: saved.name }));
          onDone();
        },
        onError: (error) => {
          showServer(error);
        },
      },
    );
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
        {gift ? t('shop.gifts.editTitle', { name: gift.name }) : t('shop.gifts.newTitle')}
      </FormHeading>
      <FormAlerts invalid={Object.keys(problems).length > 0 && !save.isError} failure={serverFailure} />
      <div className="admin-fields">
        <TextField
          label={t('shop.gifts.key')}
          path="key"
          value={draft.key}
          maxLength={40}
          disabled={gift !== null}
          hint={gift ? t('shop.gifts.keyFixed') : t('shop.gifts.keyHint')}
          error={problems.key}
          onChange={(key) => update({ key })}
        />
        <TextField
          label={t('shop.gifts.name')}
          path="name"
          value={draft.name}
          maxLength={60}
          error={problems.name}
          onChange={(name) => update({ name })}
        />
        <TextField
          label={t('shop.gifts.image')}
          path="image"
          value={draft.image}
          maxLength={500}
          hint={t('shop.gifts.imageHint')}
          error={problems.image}
          onChange={(image) => update({ image })}
        />
        <TextField
          label={t('shop.gifts.credits')}
          path="credits"
          inputMode="numeric"
          value={draft.credits}
          hint={t('shop.gifts.creditsHint')}
          error={problems.credits}
          onChange={(credits) => update({ credits })}
        />
        <TextField
          label={t('shop.position')}
          path="position"
          inputMode="numeric"
          value={draft.position}
          hint={t('shop.positionHint')}
          error={problems.position}
          onChange={(position) => update({ position })}
        />
        <SwitchField
          label={t('shop.gifts.activeSwitch')}
          path="active"
          checked={draft.active}
          error={problems.active}
          onChange={(active) => update({ active })}
        />
        {draft.image.trim() && /^(\/|https:\/\/)/.test(draft.image.trim()) && (
          <div className="admin-field admin-field--wide">
            <span className="form-label d-block">{t('shop.gifts.preview')}</span>
            <img className="admin-gift-image admin-gift-image--large" src={draft.image.trim()} alt={draft.name} />
          </div>
        )}
      </div>
      <div className="admin-form-bar">
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>
          {t('shop.gifts.save')}
        </button>
        <button type="button" className="btn btn-outline-secondary" onClick={onDone}>
          {t('actions.cancel')}
        </button>
      </div>
    </form>
  );
}
