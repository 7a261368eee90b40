import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PhotoReviewDecisionBody } from '@app/shared';
import { useDecidePhoto } from '../api/decide-photo';
import { usePhotoReview } from '../api/get-photo-review';
import { canOpen } from '../rules';
import { formatDateTime } from './format';
import { useStaff } from './staff-context';
import { EmptyState, ErrorState, LoadingState, LoadMoreButton, ScreenHeader, useProblemText } from './states';
import { useToast } from './toast';

const approveId = (photoId: number) => `photo-review-approve-${photoId}`;

/** Members' new photos waiting for review, oldest first and a page at a time, each approved or rejected. */
export function PhotoReviewScreen() {
  const { t } = useTranslation('admin');
  const staff = useStaff();
  const toast = useToast();
  const problemText = useProblemText();
  const queue = usePhotoReview();
  const decide = useDecidePhoto();
  const photos = queue.data?.pages.flatMap((page) => page.photos) ?? [];

  function handleDecision(body: PhotoReviewDecisionBody) {
    decide.mutate(body, {
      onSuccess: () => {
        // The decided photo leaves the list with the button that had focus: focus moves on to the
        // next photo (else the one before it, else the console's main area), so a keyboard user goes on.
        const index = photos.findIndex((photo) => photo.id === body.photo_id);
        const neighbour = photos[index + 1] ?? photos[index - 1];
        document.getElementById(neighbour ? approveId(neighbour.id) : 'admin-main')?.focus();
        toast(t(body.decision === 'approve' ? 'photoReview.approved' : 'photoReview.rejected'));
      },
      onError: (error) => toast(problemText(error), 'danger'),
    });
  }

  const busy = (id: number) => decide.isPending && decide.variables?.photo_id === id;

  return (
    <>
      <ScreenHeader title={t('nav.photoReview')} />
      <p className="admin-muted">{t('photoReview.intro')}</p>
      {queue.isPending ? (
        <LoadingState />
      ) : queue.isLoadingError ? (
        <ErrorState error={queue.error} onRetry={() => void queue.refetch()} />
      ) : photos.length === 0 && !queue.hasNextPage ? (
        <EmptyState>{t('photoReview.empty')}</EmptyState>
      ) : (
        <>
          {photos.length > 0 && (
            <ul className="admin-photos admin-photos--cards">
              {photos.map((photo) => (
                <li key={photo.id} className="admin-card admin-photo">
                  <a href={photo.url} target="_blank" rel="noreferrer">
                    <img
                      src={photo.thumb_url}
                      alt={t('photoReview.photoOf', { name: photo.member_name })}
                      loading="lazy"
                    />
                  </a>
                  <div className="admin-list__main">
                    <span className="fw-semibold">
                      {canOpen(staff.role, 'members') ? (
                        <Link to={`/admin/members/${photo.member_id}`}>{photo.member_name}</Link>
                      ) : (
                        photo.member_name
                      )}
                    </span>
                    <span className="admin-muted">
                      {formatDateTime(photo.created_at)} · {photo.domain}
                    </span>
                    <span className="badge admin-badge admin-badge--in_progress align-self-start">
                      {t(`photoReview.states.${photo.review}`)}
                    </span>
                  </div>
                  <div className="admin-photo__meta">
                    <button
                      id={approveId(photo.id)}
                      type="button"
                      className="btn btn-sm btn-primary"
                      aria-label={t('photoReview.approveLabel', { name: photo.member_name })}
                      disabled={busy(photo.id)}
                      onClick={() => handleDecision({ photo_id: photo.id, decision: 'approve' })}
                    >
                      {t('photoReview.approve')}
                    </button>
                    <button
                      type="button"
                      className="btn btn-sm btn-outline-danger"
                      aria-label={t('photoReview.rejectLabel', { name: photo.member_name })}
                      disabled={busy(photo.id)}
                      onClick={() => handleDecision({ photo_id: photo.id, decision: 'reject' })}
                    >
                      {t('photoReview.reject')}
                    </button>
                  </div>
                </li>
              ))}
            </ul>
          )}
          <LoadMoreButton query={queue} />
        </>
      )}
    </>
  );
}
