import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { FileInput } from '../../../components/file-input';
import { Form, useAppForm, useFieldError } from '../../../components/form';
import { VerifiedBadge } from '../../../components/verified-badge';
import { useUser } from '../../../data/user';
import { useVerificationNoticeSeen } from '../../../data/verification-notice';
import type { Verification } from '../api/contract';
import { useRequestVerification, useVerification } from '../api/verification';

const SELFIE_TYPES = 'image/jpeg,image/png,image/webp,image/gif,image/avif';

/**
 * The verified badge on /profile: the state, and while the member may ask, the pose the server
 * chose and the selfie upload (the front camera on phones: capture="user"). Loaded on its own
 * chunk, after the editor. Showing the state tells the outcome of a decided request, so an
 * outcome not yet seen counts as seen here (the member pages' notice leaves /profile to it).
 */
export default function VerificationPanel({ hasPhoto }: { hasPhoto: boolean }) {
  const { t } = useTranslation();
  const query = useVerification();
  const notice = useUser()?.verification_notice ?? null;
  const { mutate: markSeen } = useVerificationNoticeSeen();
  const { refetch } = query;
  const status = query.data?.verification.status;
  const shown = query.isSuccess && !query.isFetching;
  const refetchedFor = useRef<string | null>(null);
  // Seen once the state that holds the outcome is on screen. A state still waiting predates the
  // decision the member's answer tells (a poll brought it, not the live channel): read it once more first.
  useEffect(() => {
    if (!shown || notice === null) return;
    if (status !== 'pending') return markSeen(notice);
    if (refetchedFor.current === notice) return;
    refetchedFor.current = notice;
    void refetch();
  }, [shown, notice, status, markSeen, refetch]);
  if (query.isPending) return <p className="verification__note">{t('profile.verification.loading')}</p>;
  if (query.isError) {
    return (
      <div className="alert alert-danger mb-0" role="alert">
        {t('profile.verification.loadError')}
      </div>
    );
  }
  return <VerificationState verification={query.data.verification} hasPhoto={hasPhoto} />;
}

function VerificationState({ verification, hasPhoto }: { verification: Verification; hasPhoto: boolean }) {
  const { t } = useTranslation();
  switch (verification.status) {
    case 'verified':
      return (
        <p className="verification__state verification__state--verified" role="status">
          <VerifiedBadge size={20} /> {t('profile.verification.verified')}
        </p>
      );
    case 'pending':
      return (
        <p className="verification__state" role="status">
          {t('profile.verification.pending')}
        </p>
      );
    default:
      return (
        <>
          {verification.status === 'rejected' && (
            <div className="alert alert-warning" role="status">
              <strong>{t('profile.verification.rejected')}</strong>{' '}
              {verification.reason && t('profile.verification.reason', { reason: verification.reason })}
            </div>
          )}
          {hasPhoto && verification.pose ? (
            <SelfieForm pose={verification.pose} />
          ) : (
            <p className="verification__note">{t('profile.verification.needsPhoto')}</p>
          )}
        </>
      );
  }
}

interface SelfieDraft {
  selfie: File | null;
}

function SelfieForm({ pose }: { pose: string }) {
  const { t } = useTranslation();
  const request = useRequestVerification();
  const form = useAppForm<SelfieDraft>({
    defaultValues: { selfie: null },
    check: ({ selfie }): Record<string, string> => (selfie ? {} : { selfie: t('profile.verification.chooseSelfie') }),
  });

  return (
    <Form form={form} className="verification__form" onSubmit={({ selfie }) => request.mutateAsync(selfie!)}>
      <p className="verification__intro">{t('profile.verification.intro')}</p>
      <p className="verification__pose">
        <span className="verification__pose-label">{t('profile.verification.poseLabel')}</span>{' '}
        <strong>{t(`profile.verification.poses.${pose}`)}</strong>
      </p>
      <SelfieField
        disabled={form.formState.isSubmitting}
        onSelect={(file) => form.setValue('selfie', file, { shouldValidate: form.formState.isSubmitted })}
      />
      <p className="verification__note">{t('profile.verification.privacy')}</p>
      <button type="submit" className="btn btn-primary" disabled={form.formState.isSubmitting}>
        {form.formState.isSubmitting ? t('profile.verification.sending') : t('profile.verification.submit')}
      </button>
    </Form>
  );
}

/** The selfie's file input (the front camera on phones) with its problem under it. */
function SelfieField({ disabled, onSelect }: { disabled: boolean; onSelect: (file: File | null) => void }) {
  const { t } = useTranslation();
  const error = useFieldError('selfie');
  return (
    <div className="mb-3">
      <FileInput
        id="verification-selfie"
        label={t('profile.verification.selfie')}
        name="selfie"
        accept={SELFIE_TYPES}
        capture="user"
        disabled={disabled}
        onChange={(event) => onSelect(event.target.files?.[0] ?? null)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'verification-selfie-error' : undefined}
      />
      {error && (
        <div className="invalid-feedback d-block" id="verification-selfie-error">
          {error}
        </div>
      )}
    </div>
  );
}
