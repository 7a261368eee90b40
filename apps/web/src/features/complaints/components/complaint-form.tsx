import { COMPLAINT_MESSAGE_MAX_LENGTH, COMPLAINT_TOPICS, ComplaintBodySchema } from '@app/shared';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Form, TextAreaField, TextField, useAppForm } from '../../../components/form';
import { CheckIcon, HelpIcon, MailCheckIcon, ReceiptIcon, SparklesIcon, UserIcon } from '../../../components/icons';
import { fieldErrorsOf } from '../../../lib/error-text';
import type { Complaint, ComplaintBody, ComplaintTopic } from '../api/contract';
import { useSubmitComplaint } from '../api/submit-complaint';
import { emptyComplaint, messageLength, type ComplaintValues } from '../rules';
import './complaints.scss';

/** Who sends it, when a member is logged in: their profile name and account address. */
export interface ComplaintSender {
  name: string;
  email: string;
}

interface ComplaintFormProps {
  /** The logged-in member's name and address, filled in for them; null for a visitor. */
  sender: ComplaintSender | null;
}

const TOPIC_ICONS: Record<ComplaintTopic, ReactNode> = {
  member: <UserIcon size={22} />,
  payment: <ReceiptIcon size={22} />,
  service: <SparklesIcon size={22} />,
  other: <HelpIcon size={22} />,
};

/** When the counter starts to stand out: the last tenth of what a message may hold. */
const COUNTER_WARNING = Math.floor(COMPLAINT_MESSAGE_MAX_LENGTH * 0.9);

/**
 * The complaint form (#complaint-form): what it is about as four cards, an optional subject,
 * the message with a character counter, and the sender's name and address (a member's are
 * filled in from the account). Checked in the browser by the server's limits; the server's
 * own field messages show at their fields. Once sent, the confirmation with the reference
 * takes its place and receives the focus.
 */
export function ComplaintForm({ sender }: ComplaintFormProps) {
  const { t } = useTranslation();
  const submit = useSubmitComplaint();
  // A member's name and address are theirs already; they may still change them for this complaint.
  const [editingSender, setEditingSender] = useState(false);
  const topicId = useId();
  const messageId = useId();
  const form = useAppForm<ComplaintValues, ComplaintBody>({
    defaultValues: emptyComplaint(sender),
    schema: ComplaintBodySchema,
    // No topic chosen yet is a missing one, as a blank text is.
    toRequest: (values) => ({ ...values, topic: values.topic ?? undefined }),
  });
  const { setValue, getValues, setFocus } = form;

  // The account's address arrives after the first render: fill in what is still empty.
  const senderName = sender?.name ?? '';
  const senderEmail = sender?.email ?? '';
  useEffect(() => {
    if (!getValues('name')) setValue('name', senderName);
    if (!getValues('email')) setValue('email', senderEmail);
  }, [senderName, senderEmail, getValues, setValue]);

  async function send(body: ComplaintBody) {
    try {
      await submit.mutateAsync(body);
    } catch (error) {
      const fields = fieldErrorsOf(error);
      // A problem with the sender opens the locked sender fields, so the member can fix it.
      if (fields && (fields.name || fields.email)) setEditingSender(true);
      throw error;
    }
  }

  function handleAnother() {
    submit.reset();
    form.reset({ ...emptyComplaint(sender), name: getValues('name'), email: getValues('email') });
  }

  const values = form.watch();
  if (submit.isSuccess) {
    return <ComplaintSent complaint={submit.data.complaint} email={values.email.trim()} onAnother={handleAnother} />;
  }

  const length = messageLength(values.message);
  const topicError = form.formState.errors.topic?.message;
  const counterId = `${messageId}-counter`;
  // Locked only once there is something to show: a missing address must stay typeable.
  const senderLocked = sender !== null && !editingSender && values.name.trim() !== '' && values.email.trim() !== '';
  const subjectHint = t(`complaints.subjectHints.${values.topic ?? 'other'}`);
  const pending = form.formState.isSubmitting;

  return (
    <Form id="complaint-form" className="auth-form complaint-form" form={form} onSubmit={send}>
      <fieldset
        className="complaint-topics"
        aria-describedby={topicError ? `${topicId}-error` : undefined}
        aria-invalid={topicError ? true : undefined}
      >
        <legend className="form-label fw-semibold">{t('complaints.form.topic')}</legend>
        <div className="complaint-topics__options">
          {COMPLAINT_TOPICS.map((topic) => (
            <label key={topic} className={`complaint-topic${values.topic === topic ? ' complaint-topic--chosen' : ''}`}>
              <input type="radio" value={topic} className="complaint-topic__input" {...form.register('topic')} />
              <span className="complaint-topic__icon" aria-hidden="true">
                {TOPIC_ICONS[topic]}
              </span>
              <span className="complaint-topic__text">
                <span className="complaint-topic__label">{t(`complaints.topics.${topic}.label`)}</span>
                <span className="complaint-topic__hint">{t(`complaints.topics.${topic}.hint`)}</span>
              </span>
              <span className="complaint-topic__check" aria-hidden="true">
                <CheckIcon size={14} />
              </span>
            </label>
          ))}
        </div>
        {topicError && (
          <div id={`${topicId}-error`} className="invalid-feedback d-block">
            {topicError}
          </div>
        )}
      </fieldset>

      <TextField name="subject" label={t('complaints.form.subject')} autoComplete="off" hint={subjectHint} />

      <TextAreaField
        id={messageId}
        name="message"
        label={t('complaints.form.message')}
        hint={t('complaints.form.messageHint')}
        rows={7}
        controlClassName="complaint-form__message"
        describedByExtra={counterId}
        required
      />
      <p
        id={counterId}
        className={`complaint-form__counter${length > COMPLAINT_MESSAGE_MAX_LENGTH ? ' complaint-form__counter--over' : length >= COUNTER_WARNING ? ' complaint-form__counter--near' : ''}`}
      >
        {t('complaints.form.counter', { used: length, max: COMPLAINT_MESSAGE_MAX_LENGTH })}
      </p>

      <fieldset className="complaint-sender">
        <legend className="form-label fw-semibold">{t('complaints.form.sender')}</legend>
        {sender && (
          <div className="complaint-sender__member">
            <span>{senderLocked ? t('complaints.form.fromAccount') : t('complaints.form.fromAccountEditing')}</span>
            {senderLocked && (
              <button
                type="button"
                className="btn btn-link btn-sm p-0"
                onClick={() => {
                  setEditingSender(true);
                  setTimeout(() => setFocus('name'));
                }}
              >
                {t('complaints.form.changeSender')}
              </button>
            )}
          </div>
        )}
        <div className="complaint-sender__fields">
          <TextField
            name="name"
            label={t('complaints.form.name')}
            autoComplete="name"
            readOnly={senderLocked}
            required
          />
          <TextField
            name="email"
            label={t('complaints.form.email')}
            type="email"
            autoComplete="email"
            inputMode="email"
            readOnly={senderLocked}
            hint={t('complaints.form.emailHint')}
            required
          />
        </div>
      </fieldset>

      <p className="complaint-form__privacy">
        {t('complaints.form.privacy')} <Link to="/pages/privacy">{t('complaints.form.privacyLink')}</Link>
      </p>

      <button type="submit" className="btn btn-primary btn-lg w-100" disabled={pending}>
        {pending && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
        {pending ? t('complaints.form.sending') : t('complaints.form.submit')}
      </button>
    </Form>
  );
}

/** The confirmation that replaces the form: the reference, the copy mailed, what comes next. */
function ComplaintSent({
  complaint,
  email,
  onAnother,
}: {
  complaint: Complaint;
  email: string;
  onAnother: () => void;
}) {
  const { t } = useTranslation();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const headingId = useId();

  // The form the focus was in is gone: move it to the news that replaced it.
  useEffect(() => headingRef.current?.focus(), []);

  return (
    <section className="auth-success complaint-sent" aria-labelledby={headingId} id="complaint-sent">
      <span className="auth-success__icon">
        <MailCheckIcon size={30} />
      </span>
      <h2 id={headingId} ref={headingRef} className="h4" tabIndex={-1}>
        {t('complaints.done.title')}
      </h2>
      <p className="complaint-sent__reference">
        <span>{t('complaints.done.reference')}</span>
        <strong className="complaint-sent__code">{complaint.reference}</strong>
      </p>
      <p>{t('complaints.done.mailed', { email })}</p>
      <p className="complaint-sent__next">{t('complaints.done.next')}</p>
      <div className="complaint-sent__actions">
        <Link className="btn btn-primary" to="/">
          {t('complaints.done.home')}
        </Link>
        <button type="button" className="btn btn-outline-secondary" onClick={onAnother}>
          {t('complaints.done.another')}
        </button>
      </div>
    </section>
  );
}
