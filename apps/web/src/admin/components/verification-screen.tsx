import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  VERIFICATION_REASON_MAX,
  VerificationDecisionBodySchema,
  type VerificationDecisionBody,
  type VerificationRequest,
} from '@app/shared';
import { Form, oneText, TextField, useAppForm } from '../../components/form';
import { useDecideVerification, useVerificationQueue } from '../api/verification';
import { canOpen } from '../rules';
import { formatDateTime } from './format';
import { useStaff } from './staff-context';
import { EmptyState, ErrorState, LoadingState, LoadMoreButton, ScreenHeader, useProblemText } from './states';
import { useToast } from './toast';

const approveId = (id: number) => `verification-approve-${id}`;

/** A rejection's reason, checked by the decision contract's own rule. */
const RejectSchema = VerificationDecisionBodySchema.options[1].pick({ reason: true });

/**
 * Verification requests, oldest first: the selfie and the pose asked beside the member's photos,
 * approved or rejected with a reason the member reads. Either decision erases the selfie.
 */
export function VerificationScreen() {
  const { t } = useTranslation('admin');
  const toast = useToast();
  const problemText = useProblemText();
  const queue = useVerificationQueue();
  const decide = useDecideVerification();
  const requests = queue.data?.pages.flatMap((page) => page.requests) ?? [];

  async function handleDecision(body: VerificationDecisionBody): Promise<void> {
    try {
      await decide.mutateAsync(body);
    } catch (error) {
      toast(problemText(error), 'danger');
      return;
    }
    // The decided request leaves with the button that had focus: focus moves on to the next.
    const index = requests.findIndex((r) => r.id === body.id);
    const neighbour = requests[index + 1] ?? requests[index - 1];
    document.getElementById(neighbour ? approveId(neighbour.id) : 'admin-main')?.focus();
    toast(t(body.decision === 'approve' ? 'verification.approved' : 'verification.rejected'));
  }

  return (
    <>
      <ScreenHeader title={t('nav.verification')} />
      <p className="admin-muted">{t('verification.intro')}</p>
      {queue.isPending ? (
        <LoadingState />
      ) : queue.isError ? (
        <ErrorState error={queue.error} onRetry={() => void queue.refetch()} />
      ) : requests.length === 0 && !queue.hasNextPage ? (
        <EmptyState>{t('verification.empty')}</EmptyState>
      ) : (
        <>
          <ul className="admin-verifications">
            {requests.map((request) => (
              <VerificationCard
                key={request.id}
                request={request}
                busy={decide.isPending && decide.variables?.id === request.id}
                onDecide={handleDecision}
              />
            ))}
          </ul>
          <LoadMoreButton query={queue} />
        </>
      )}
    </>
  );
}

function VerificationCard({
  request,
  busy,
  onDecide,
}: {
  request: VerificationRequest;
  busy: boolean;
  onDecide: (body: VerificationDecisionBody) => Promise<void>;
}) {
  const { t } = useTranslation('admin');
  const staff = useStaff();
  const id = useId();
  const name = request.member_name;
  const form = useAppForm<{ reason: string }>({
    defaultValues: { reason: '' },
    schema: RejectSchema,
    messages: { reason: oneText(t('verification.reasonRequired')) },
  });

  return (
    <li className="admin-card admin-verification" aria-labelledby={`${id}-name`}>
      <div className="admin-verification__head">
        <h2 className="h6 mb-0" id={`${id}-name`}>
          {canOpen(staff.role, 'members') ? <Link to={`/admin/members/${request.member_id}`}>{name}</Link> : name}
        </h2>
        <span className="admin-muted">
          {formatDateTime(request.created_at)} · {request.domain}
        </span>
      </div>
      <p className="mb-0">
        {t('verification.pose')} <strong>{t(`verification.poses.${request.pose}`)}</strong>
      </p>
      <div className="admin-verification__pictures">
        <figure className="admin-verification__selfie">
          <img src={request.selfie_url} alt={t('verification.selfieOf', { name })} />
          <figcaption>{t('verification.selfie')}</figcaption>
        </figure>
        {request.photos.map((photo) => (
          <figure key={photo.id}>
            <img src={photo.url} alt={t('verification.photoOf', { name })} loading="lazy" />
            <figcaption>{photo.is_main ? t('verification.mainPhoto') : t('verification.photo')}</figcaption>
          </figure>
        ))}
      </div>
      <Form
        form={form}
        className="admin-verification__actions"
        onSubmit={({ reason }) => onDecide({ id: request.id, decision: 'reject', reason })}
      >
        <button
          id={approveId(request.id)}
          type="button"
          className="btn btn-sm btn-primary"
          aria-label={t('verification.approveLabel', { name })}
          disabled={busy}
          onClick={() => void onDecide({ id: request.id, decision: 'approve' })}
        >
          {t('verification.approve')}
        </button>
        <TextField
          name="reason"
          id={`${id}-reason`}
          label={t('verification.reason')}
          className="admin-verification__reason"
          controlClassName="form-control-sm"
          maxLength={VERIFICATION_REASON_MAX}
        />
        <button
          type="submit"
          className="btn btn-sm btn-outline-danger"
          aria-label={t('verification.rejectLabel', { name })}
          disabled={busy}
        >
          {t('verification.reject')}
        </button>
      </Form>
    </li>
  );
}
