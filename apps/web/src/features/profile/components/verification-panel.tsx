import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FileInput } from '../../../components/file-input';
import { VerifiedBadge } from '../../../components/verified-badge';
import { useErrorText } from '../../../lib/error-text';
import type { Verification } from '../api/contract';
import { useRequestVerification, useVerification } from '../api/verification';

const SELFIE_TYPES = 'image/jpeg,image/png,image/webp,image/gif,image/avif';

/**
 * The verified badge on /profile: the state, and while the member may ask, the pose the server
 * chose and the selfie upload (the front camera on phones: capture="user"). Loaded on its own
 * chunk, after the editor.
 */
export default function VerificationPanel({ hasPhoto }: { hasPhoto: boolean }) {
  const { t } = useTranslation();
  const query = useVerification();
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

function SelfieForm({ pose }: { pose: string }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const request = useRequestVerification();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);

  function handleFile(event: ChangeEvent<HTMLInputElement>) {
    setFile(event.target.files?.[0] ?? null);
    setError(null);
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!file) {
      setError(t('profile.verification.chooseSelfie'));
      return;
    }
    request.mutate(file, { onError: (cause) => setError(errorText(cause)) });
  }

  return (
    <form className="verification__form" onSubmit={handleSubmit} noValidate>
      <p className="verification__intro">{t('profile.verification.intro')}</p>
      <p className="verification__pose">
        <span className="verification__pose-label">{t('profile.verification.poseLabel')}</span>{' '}
        <strong>{t(`profile.verification.poses.${pose}`)}</strong>
      </p>
      <FileInput
        label={t('profile.verification.selfie')}
        name="selfie"
        accept={SELFIE_TYPES}
        capture="user"
        disabled={request.isPending}
        onChange={handleFile}
        aria-describedby={error ? 'verification-error' : undefined}
      />
      <p className="verification__note">{t('profile.verification.privacy')}</p>
      {error && (
        <div className="alert alert-danger" role="alert" id="verification-error">
          {error}
        </div>
      )}
      <button type="submit" className="btn btn-primary" disabled={request.isPending}>
        {request.isPending ? t('profile.verification.sending') : t('profile.verification.submit')}
      </button>
    </form>
  );
}
