import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FlagIcon } from '../../../components/icons';
import './report-buttons.scss';

// The dialog and its form (the form kit, the shared schema) load when a member opens a report.
const ReportDialog = lazy(() => import('./report-dialog').then((module) => ({ default: module.ReportDialog })));

/** A quiet "Report profile" link-button on a member's profile; opens the report dialog. */
export function ReportProfileButton({ member }: { member: { id: number; name: string } }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);

  function handleClose() {
    setOpen(false);
    requestAnimationFrame(() => buttonRef.current?.focus());
  }

  return (
    <>
      <button ref={buttonRef} type="button" className="btn btn-link report-button" onClick={() => setOpen(true)}>
        <FlagIcon size={16} />
        {t('report.profileAction')}
      </button>
      {open && (
        <Suspense fallback={null}>
          <ReportDialog member={member} onClose={handleClose} />
        </Suspense>
      )}
    </>
  );
}

/**
 * A small flag beside a received message, named for screen readers ("Report message from
 * Eva"); opens the report dialog about that message.
 */
export function ReportMessageButton({
  member,
  messageId,
}: {
  member: { id: number; name: string };
  messageId: number;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const label = t('report.messageAction', { name: member.name });

  function handleClose() {
    setOpen(false);
    requestAnimationFrame(() => buttonRef.current?.focus());
  }

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className="report-message-button"
        aria-label={label}
        title={label}
        onClick={() => setOpen(true)}
      >
        <FlagIcon size={14} />
      </button>
      {open && (
        <Suspense fallback={null}>
          <ReportDialog member={member} messageId={messageId} onClose={handleClose} />
        </Suspense>
      )}
    </>
  );
}
