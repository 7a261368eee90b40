import { ACCOUNT_REACTIVATION_DAYS, AccountDeleteBodySchema, DELETE_REASONS, cleanPhone } from '@app/shared';
import type { UserResponse } from '@app/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type ReactNode } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { CheckIcon, HeartIcon } from '../../../components/icons';
import { useCompanyInfo } from '../../../data/company-info';
import { useSettings } from '../../../data/settings';
import { queryKeys } from '../../../data/query-keys';
import { useDeleteAccount } from '../api/delete-account';
import { useClaimRetentionOffer } from '../api/retention-offer';
import { useUpdateAccount } from '../api/update-account';
import type { AccountDeleteBody, AccountSettings, DeleteReason } from '../api/contract';
import { Form, FormAlert, PasswordField, TextAreaField, useAppForm } from '../../../components/form';
import { NotificationSwitches } from './notification-switches';
import './account-settings.scss';
import { useErrorText } from '../../../lib/error-text';

/**
 * The danger zone's button and the dialog it opens. After the deletion the member is gone
 * from this browser too: the page moves on first, then the cache forgets the member, so the
 * members-only page is not swapped for the login page on the way out.
 */
export function DeleteAccount({ account }: { account: AccountSettings }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const remove = useDeleteAccount();
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);

  async function handleDelete(body: AccountDeleteBody) {
    await remove.mutateAsync(body);
    await navigate('/account-deleted', { replace: true });
    queryClient.removeQueries({ queryKey: queryKeys.account });
    queryClient.setQueryData<UserResponse>(queryKeys.user, { user: null });
  }

  function handleClose() {
    setOpen(false);
    remove.reset();
    // The dialog's own focus return waits for its exit; the button must not lose it meanwhile.
    requestAnimationFrame(() => buttonRef.current?.focus());
  }

  return (
    <>
      <button ref={buttonRef} type="button" className="btn btn-outline-danger" onClick={() => setOpen(true)}>
        {t('accountSettings.delete.open')}
      </button>
      {open && (
        <DeleteAccountDialog
          account={account}
          onClose={handleClose}
          onDelete={handleDelete}
          deleting={remove.isPending || remove.isSuccess}
        />
      )}
    </>
  );
}

type Step = 'reason' | 'solution' | 'confirm';
const STEPS: readonly Step[] = ['reason', 'solution', 'confirm'];

interface DeleteAccountDialogProps {
  account: AccountSettings;
  onClose: () => void;
  /** Deletes the account; a failure shows in the last step's form. */
  onDelete: (body: AccountDeleteBody) => Promise<unknown>;
  deleting: boolean;
}

/**
 * Leaving, in three steps: why, what might help instead, and what deleting means. Every step
 * can go back or stop; nothing is pre-chosen and the way out is never hidden. Escape and the
 * backdrop close it, except while the deletion is on its way.
 */
function DeleteAccountDialog({ account, onClose, onDelete, deleting }: DeleteAccountDialogProps) {
  const { t } = useTranslation();
  const [step, setStep] = useState<Step>('reason');
  const [reason, setReason] = useState<DeleteReason | null>(null);
  const titleId = useId();

  return (
    <Modal
      show
      centered
      scrollable
      backdrop={deleting ? 'static' : true}
      keyboard={!deleting}
      onHide={onClose}
      aria-labelledby={titleId}
      contentClassName="delete-dialog"
    >
      <div className="delete-dialog__header">
        <p className="delete-dialog__step">
          {t('deleteFlow.stepOf', { step: STEPS.indexOf(step) + 1, total: STEPS.length })}
        </p>
        <button
          type="button"
          className="btn-close"
          aria-label={t('deleteFlow.close')}
          onClick={onClose}
          disabled={deleting}
        />
      </div>
      <div className="delete-dialog__body">
        {step === 'reason' && (
          <ReasonStep
            titleId={titleId}
            reason={reason}
            onChange={setReason}
            onNext={() => setStep('solution')}
            onCancel={onClose}
          />
        )}
        {step === 'solution' && reason && (
          <SolutionStep
            titleId={titleId}
            reason={reason}
            account={account}
            onBack={() => setStep('reason')}
            onContinue={() => setStep('confirm')}
            onClose={onClose}
          />
        )}
        {step === 'confirm' && reason && (
          <ConfirmStep
            titleId={titleId}
            reason={reason}
            onBack={() => setStep('solution')}
            onDelete={onDelete}
            deleting={deleting}
          />
        )}
      </div>
    </Modal>
  );
}

function ReasonStep({
  titleId,
  reason,
  onChange,
  onNext,
  onCancel,
}: {
  titleId: string;
  reason: DeleteReason | null;
  onChange: (reason: DeleteReason) => void;
  onNext: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const name = useId();
  const form = useAppForm<{ reason: DeleteReason | null }>({
    defaultValues: { reason },
    check: (values): Record<string, string> => (values.reason ? {} : { reason: t('deleteFlow.reasonRequired') }),
  });
  const chosen = form.watch('reason');
  const missing = form.formState.errors.reason?.message;

  return (
    <Form
      form={form}
      onSubmit={async (values) => {
        if (values.reason) onChange(values.reason);
        onNext();
      }}
    >
      <h2 id={titleId} className="delete-dialog__title">
        {t('deleteFlow.reasonTitle')}
      </h2>
      <p className="delete-dialog__intro">{t('deleteFlow.reasonIntro')}</p>
      <fieldset className="reason-cards" aria-describedby={missing ? `${name}-error` : undefined}>
        <legend className="visually-hidden">{t('deleteFlow.reasonTitle')}</legend>
        {DELETE_REASONS.map((value) => (
          <label key={value} className={`reason-card${chosen === value ? ' reason-card--selected' : ''}`}>
            <input type="radio" className="form-check-input" value={value} {...form.register('reason')} />
            <span>{t(`deleteFlow.reasons.${value}`)}</span>
          </label>
        ))}
      </fieldset>
      {missing && (
        <p id={`${name}-error`} className="invalid-feedback d-block" role="alert">
          {missing}
        </p>
      )}
      <div className="delete-dialog__actions">
        <button type="button" className="btn btn-outline-secondary" onClick={onCancel}>
          {t('deleteFlow.stay')}
        </button>
        <button type="submit" className="btn btn-primary">
          {t('deleteFlow.next')}
        </button>
      </div>
    </Form>
  );
}

function SolutionStep({
  titleId,
  reason,
  account,
  onBack,
  onContinue,
  onClose,
}: {
  titleId: string;
  reason: DeleteReason;
  account: AccountSettings;
  onBack: () => void;
  onContinue: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const key = reason === 'privacy' || reason === 'taking_break' ? 'invisible' : reason;
  return (
    <div>
      <h2 id={titleId} className="delete-dialog__title">
        {t(`deleteFlow.solutions.${key}.title`)}
      </h2>
      <p className="delete-dialog__intro">{t(`deleteFlow.solutions.${key}.text`)}</p>
      <Solution reason={reason} account={account} onClose={onClose} />
      <div className="delete-dialog__actions">
        <button type="button" className="btn btn-outline-secondary" onClick={onBack}>
          {t('deleteFlow.back')}
        </button>
        <button type="button" className="btn btn-outline-danger" onClick={onContinue}>
          {t('deleteFlow.continueDeleting')}
        </button>
      </div>
    </div>
  );
}

/** The help that fits the reason, below the step's title and text. */
function Solution({
  reason,
  account,
  onClose,
}: {
  reason: DeleteReason;
  account: AccountSettings;
  onClose: () => void;
}) {
  switch (reason) {
    case 'found_partner':
      return (
        <div className="solution-hero" aria-hidden="true">
          <HeartIcon size={36} />
        </div>
      );
    case 'not_enough_contacts':
      return <ContactsSolution onClose={onClose} />;
    case 'too_expensive':
      return <DiscountSolution reason={reason} onClose={onClose} />;
    case 'too_many_emails':
      return (
        <div className="solution-box">
          <NotificationSwitches preferences={account.notification_preferences} />
        </div>
      );
    case 'privacy':
    case 'taking_break':
      return <InvisibleSolution onClose={onClose} />;
    case 'other':
      return <SupportSolution onClose={onClose} />;
  }
}

function ContactsSolution({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="solution-links">
      <Link to="/profile" className="btn btn-primary" onClick={onClose}>
        {t('deleteFlow.solutions.not_enough_contacts.profile')}
      </Link>
      <Link to="/match-finder" className="btn btn-outline-primary" onClick={onClose}>
        {t('deleteFlow.solutions.not_enough_contacts.matchFinder')}
      </Link>
    </div>
  );
}

function DiscountSolution({ reason, onClose }: { reason: DeleteReason; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const company = useCompanyInfo();
  const claim = useClaimRetentionOffer();
  const percent = company?.delete_discount ?? 0;
  if (percent <= 0) return <p>{t('deleteFlow.solutions.too_expensive.noOffer')}</p>;

  const offer = claim.data?.offer;
  if (offer) {
    const expires = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' }).format(new Date(offer.expires));
    return (
      <div className="solution-box solution-box--offer" role="status">
        <p className="mb-1 fw-semibold">
          {t('deleteFlow.solutions.too_expensive.codeLabel', { percent: offer.percentage })}
        </p>
        <p className="offer-code">{offer.code}</p>
        <p className="small text-body-secondary">
          {t('deleteFlow.solutions.too_expensive.expires', { date: expires })}
        </p>
        <Link to="/credits" className="btn btn-primary" onClick={onClose}>
          {t('deleteFlow.solutions.too_expensive.toCredits')}
        </Link>
      </div>
    );
  }
  return (
    <div className="solution-box solution-box--offer">
      <p className="offer-percent" aria-hidden="true">
        −{percent}%
      </p>
      <p>{t('deleteFlow.solutions.too_expensive.offer', { percent })}</p>
      {claim.isError && (
        <FormAlert>
          <p>{errorText(claim.error)}</p>
        </FormAlert>
      )}
      <button type="button" className="btn btn-primary" disabled={claim.isPending} onClick={() => claim.mutate(reason)}>
        {claim.isPending ? t('deleteFlow.wait') : t('deleteFlow.solutions.too_expensive.claim', { percent })}
      </button>
    </div>
  );
}

function InvisibleSolution({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const update = useUpdateAccount();
  if (update.isSuccess) {
    return (
      <div className="settings-done" role="status">
        <span className="settings-done__icon">
          <CheckIcon size={22} />
        </span>
        <div>
          <p>{t('deleteFlow.solutions.invisible.done')}</p>
          <button type="button" className="btn btn-primary" onClick={onClose}>
            {t('deleteFlow.close')}
          </button>
        </div>
      </div>
    );
  }
  return (
    <div className="solution-action">
      {update.isError && (
        <FormAlert>
          <p>{errorText(update.error)}</p>
        </FormAlert>
      )}
      <button
        type="button"
        className="btn btn-primary"
        disabled={update.isPending}
        onClick={() => update.mutate({ invisible: true })}
      >
        {update.isPending ? t('deleteFlow.wait') : t('deleteFlow.solutions.invisible.button')}
      </button>
    </div>
  );
}

function SupportSolution({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const settings = useSettings();
  const phone = cleanPhone(settings.support_phone);
  return (
    <ul className="support-list">
      <SupportItem label={t('deleteFlow.solutions.other.email')}>
        <a href={`mailto:${settings.support_email}`}>{settings.support_email}</a>
      </SupportItem>
      {phone && (
        <SupportItem label={t('deleteFlow.solutions.other.phone')}>
          <a href={`tel:${phone}`}>{phone}</a>
        </SupportItem>
      )}
      <SupportItem label={t('deleteFlow.solutions.other.complaintsLabel')}>
        <Link to="/complaints" onClick={onClose}>
          {t('deleteFlow.solutions.other.complaints')}
        </Link>
      </SupportItem>
    </ul>
  );
}

function SupportItem({ label, children }: { label: string; children: ReactNode }) {
  return (
    <li>
      <span className="support-list__label">{label}</span>
      {children}
    </li>
  );
}

function ConfirmStep({
  titleId,
  reason,
  onBack,
  onDelete,
  deleting,
}: {
  titleId: string;
  reason: DeleteReason;
  onBack: () => void;
  onDelete: (body: AccountDeleteBody) => Promise<unknown>;
  deleting: boolean;
}) {
  const { t } = useTranslation();
  const form = useAppForm<Omit<AccountDeleteBody, 'reason' | 'note'> & { note: string }, AccountDeleteBody>({
    defaultValues: { note: '', password: '' },
    schema: AccountDeleteBodySchema,
    toRequest: (values) => ({ ...values, reason }),
    messages: { password: { field_required: t('auth.errors.passwordRequired') } },
  });

  return (
    <Form className="auth-form" form={form} onSubmit={onDelete} alert={false}>
      <div>
        <h2 id={titleId} className="delete-dialog__title">
          {t('deleteFlow.confirm.title')}
        </h2>
        <p className="delete-dialog__intro">{t('deleteFlow.confirm.intro')}</p>
        <ol className="delete-facts">
          <li>{t('deleteFlow.confirm.hidden')}</li>
          <li>{t('deleteFlow.confirm.reactivate', { days: ACCOUNT_REACTIVATION_DAYS })}</li>
          <li>{t('deleteFlow.confirm.erased')}</li>
        </ol>
      </div>
      {form.formError && <FormAlert>{form.formError}</FormAlert>}
      <TextAreaField name="note" label={t('deleteFlow.confirm.note')} rows={3} maxLength={1000} />
      <PasswordField
        name="password"
        label={t('deleteFlow.confirm.password')}
        autoComplete="current-password"
        required
      />
      <div className="delete-dialog__actions">
        <button type="button" className="btn btn-outline-secondary" onClick={onBack} disabled={deleting}>
          {t('deleteFlow.back')}
        </button>
        <button type="submit" className="btn btn-danger" disabled={deleting}>
          {deleting ? t('deleteFlow.confirm.submitting') : t('deleteFlow.confirm.submit')}
        </button>
      </div>
    </Form>
  );
}
