import { COMPLAINT_MESSAGE_MAX_LENGTH, COMPLAINT_TOPICS } from '@app/shared';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { describedBy, FieldShell } from '../../../components/form/field-shell';
import { CheckIcon, HelpIcon, MailCheckIcon, ReceiptIcon, SparklesIcon, UserIcon } from '../../../components/icons';
import { fieldErrorsOf, FormAlert, TextField } from '../../../components/form-fields';
import type { Complaint, ComplaintTopic } from '../api/contract';
import { useSubmitComplaint } from '../api/submit-complaint';
import {
  COMPLAINT_FIELDS,
  complaintBody,
  emptyComplaint,
  messageLength,
  validateComplaint,
  type ComplaintField,
  type ComplaintValues,
  type FieldProblem,
} from '../rules';
import './complaints.scss';
import { useErrorText } from '../../../lib/error-text';

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
  const errorText = useErrorText();
  const submit = useSubmitComplaint();
  const [values, setValues] = useState<ComplaintValues>(() => emptyComplaint(sender));
  const [problems, setProblems] = useState<Partial<Record<ComplaintField, FieldProblem>>>({});
  // Fields changed since the server's last answer: its message about them no longer applies.
  const [changedSinceAnswer, setChangedSinceAnswer] = useState<ReadonlySet<ComplaintField>>(new Set());
  // A member's name and address are theirs already; they may still change them for this complaint.
  const [editingSender, setEditingSender] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const topicId = useId();
  const messageId = useId();

  // The account's address arrives after the first render: fill in what is still empty, while
  // rendering (React's pattern for state that follows a prop), not in an effect.
  const senderName = sender?.name ?? '';
  const senderEmail = sender?.email ?? '';
  const [filledFrom, setFilledFrom] = useState({ name: senderName, email: senderEmail });
  if (filledFrom.name !== senderName || filledFrom.email !== senderEmail) {
    setFilledFrom({ name: senderName, email: senderEmail });
    setValues((current) => ({
      ...current,
      name: current.name || senderName,
      email: current.email || senderEmail,
    }));
  }

  const serverFields = fieldErrorsOf(submit.error) ?? {};
  const shownFields: readonly string[] = COMPLAINT_FIELDS;
  const general = submit.isError && Object.keys(serverFields).every((name) => !shownFields.includes(name));

  function update<K extends ComplaintField>(field: K, value: ComplaintValues[K]) {
    setValues((current) => ({ ...current, [field]: value }));
    if (problems[field]) setProblems(({ [field]: _cleared, ...rest }) => rest);
    if (submit.isError && !changedSinceAnswer.has(field)) {
      setChangedSinceAnswer((current) => new Set(current).add(field));
    }
  }

  function problemText(field: ComplaintField): string | undefined {
    const problem = problems[field];
    if (problem) return t(problem.key, { ns: 'errors', ...problem.params });
    return changedSinceAnswer.has(field) ? undefined : serverFields[field];
  }

  /** Moves the focus to a field: the chosen topic card, else the first one, for the topic. */
  function focusField(field: ComplaintField) {
    const form = formRef.current;
    const target =
      field === 'topic'
        ? (form?.querySelector<HTMLElement>('[name="topic"]:checked') ??
          form?.querySelector<HTMLElement>('[name="topic"]'))
        : form?.querySelector<HTMLElement>(`[name="${field}"]`);
    target?.focus();
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validateComplaint(values);
    setProblems(found);
    const first = COMPLAINT_FIELDS.find((field) => found[field]);
    if (first || values.topic === null) {
      focusField(first ?? 'topic');
      return;
    }
    setChangedSinceAnswer(new Set());
    submit.mutate(complaintBody({ ...values, topic: values.topic }), {
      onError: (error) => {
        const fields = fieldErrorsOf(error);
        const firstServer = fields && COMPLAINT_FIELDS.find((field) => fields[field]);
        if (firstServer) {
          if (firstServer === 'name' || firstServer === 'email') setEditingSender(true);
          // After the render that shows the messages.
          setTimeout(() => focusField(firstServer));
        }
      },
    });
  }

  function handleAnother() {
    submit.reset();
    setProblems({});
    setValues((current) => ({ ...emptyComplaint(sender), name: current.name, email: current.email }));
  }

  if (submit.isSuccess) {
    return <ComplaintSent complaint={submit.data.complaint} email={values.email.trim()} onAnother={handleAnother} />;
  }

  const length = messageLength(values.message);
  const topicError = problemText('topic');
  const messageError = problemText('message');
  const messageHintId = `${messageId}-hint`;
  const counterId = `${messageId}-counter`;
  // Locked only once there is something to show: a missing address must stay typeable.
  const senderLocked = sender !== null && !editingSender && values.name.trim() !== '' && values.email.trim() !== '';
  const subjectHint = t(`complaints.subjectHints.${values.topic ?? 'other'}`);

  return (
    <form
      id="complaint-form"
      ref={formRef}
      className="auth-form complaint-form"
      onSubmit={handleSubmit}
      noValidate
      aria-busy={submit.isPending}
    >
      {general && <FormAlert>{errorText(submit.error)}</FormAlert>}

      <fieldset
        className="complaint-topics"
        aria-describedby={topicError ? `${topicId}-error` : undefined}
        aria-invalid={topicError ? true : undefined}
      >
        <legend className="form-label fw-semibold">{t('complaints.form.topic')}</legend>
        <div className="complaint-topics__options">
          {COMPLAINT_TOPICS.map((topic) => (
            <label key={topic} className={`complaint-topic${values.topic === topic ? ' complaint-topic--chosen' : ''}`}>
              <input
                type="radio"
                name="topic"
                value={topic}
                className="complaint-topic__input"
                checked={values.topic === topic}
                onChange={() => update('topic', topic)}
              />
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

      <TextField
        label={t('complaints.form.subject')}
        name="subject"
        autoComplete="off"
        value={values.subject}
        onChange={(event) => update('subject', event.target.value)}
        error={problemText('subject')}
        hint={subjectHint}
      />

      <FieldShell
        id={messageId}
        label={t('complaints.form.message')}
        error={messageError}
        hint={t('complaints.form.messageHint')}
      >
        <textarea
          id={messageId}
          name="message"
          rows={7}
          className={`form-control complaint-form__message${messageError ? ' is-invalid' : ''}`}
          value={values.message}
          onChange={(event) => update('message', event.target.value)}
          aria-invalid={messageError ? true : undefined}
          aria-describedby={[describedBy(messageId, messageError, messageHintId), counterId].join(' ')}
        />
      </FieldShell>
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
                  setTimeout(() => focusField('name'));
                }}
              >
                {t('complaints.form.changeSender')}
              </button>
            )}
          </div>
        )}
        <div className="complaint-sender__fields">
          <TextField
            label={t('complaints.form.name')}
            name="name"
            autoComplete="name"
            value={values.name}
            readOnly={senderLocked}
            onChange={(event) => update('name', event.target.value)}
            error={problemText('name')}
          />
          <TextField
            label={t('complaints.form.email')}
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            value={values.email}
            readOnly={senderLocked}
            onChange={(event) => update('email', event.target.value)}
            error={problemText('email')}
            hint={t('complaints.form.emailHint')}
          />
        </div>
      </fieldset>

      <p className="complaint-form__privacy">
        {t('complaints.form.privacy')} <Link to="/pages/privacy">{t('complaints.form.privacyLink')}</Link>
      </p>

      <button type="submit" className="btn btn-primary btn-lg w-100" disabled={submit.isPending}>
        {submit.isPending && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
        {submit.isPending ? t('complaints.form.sending') : t('complaints.form.submit')}
      </button>
    </form>
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
