import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { VerificationOutcome } from '@app/shared';
import { VerifiedBadge } from '../../components/verified-badge';
import { ShieldCheckIcon } from '../../components/icons';
import { useVerificationNoticeSeen } from '../../data/verification-notice';
import { PromptFrame } from './prompt-frame';

/**
 * The outcome of the member's verification request (decision 0084), once: it arrives live in the
 * open tabs, or waits for the next visit, until the member closes it or reads it on /profile
 * (either tells the server, so no other device shows it again). Approved shows the badge the
 * member now carries; rejected sends them to /profile, where the reason is.
 */
export function VerificationNoticePrompt({ outcome }: { outcome: VerificationOutcome }) {
  const { t } = useTranslation();
  const seen = useVerificationNoticeSeen();
  const approved = outcome === 'approved';
  return (
    <PromptFrame
      id="verification-notice"
      title={t(approved ? 'verificationNotice.approvedTitle' : 'verificationNotice.rejectedTitle')}
      text={t(approved ? 'verificationNotice.approvedText' : 'verificationNotice.rejectedText')}
      icon={approved ? <VerifiedBadge size={20} /> : <ShieldCheckIcon size={20} />}
      warning={!approved}
      status
      actions={
        <Link to="/profile" className="btn btn-sm btn-primary">
          {t(approved ? 'verificationNotice.approvedAction' : 'verificationNotice.rejectedAction')}
        </Link>
      }
      dismiss={{ label: t('verificationNotice.dismiss'), onClick: () => seen.mutate(outcome) }}
    />
  );
}
