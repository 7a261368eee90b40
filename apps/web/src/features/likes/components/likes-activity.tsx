import { AUTO_LIKE_RELOAD_DELAY } from '@app/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { HeartIcon } from '../../../components/icons';
import { queryKeys } from '../../../data/query-keys';
import type { ProfileCard } from '../api/contract';
import { autoLikeQueryOptions } from '../api/get-auto-like';
import { useLikes, useLikesPolling } from '../../../data/likes';
import { isMembersArea } from '../../../lib/members-area';
import { parseLikeModalDelay, shouldOpenLikeModal } from '../rules';
import '../../../components/likes.scss';

/**
 * What runs for a logged-in member on every default-layout page (spec sections 4 and 7): the
 * likes polling behind the badge, the daily auto-like with its toast, and the like modal.
 */
export function LikesActivity() {
  useLikesPolling();
  const likes = useLikes();
  const { pathname } = useLocation();
  const [visited, setVisited] = useState(false);
  // Once the member enters the members area, the auto-like is asked for the rest of the visit.
  if (!visited && isMembersArea(pathname)) setVisited(true);
  const autoLike = useQuery({ ...autoLikeQueryOptions(), enabled: visited });
  const liker = autoLike.data?.profile ?? likes.data?.liked_by[0]?.card ?? null;

  return (
    <>
      {autoLike.data?.profile && <AutoLikeToast profile={autoLike.data.profile} />}
      <LikeModal profile={liker} />
    </>
  );
}

/** "<name> likes you", once; the likes reload a moment later (the server's delay). */
function AutoLikeToast({ profile }: { profile: ProfileCard }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(true);

  useEffect(() => {
    const timer = setTimeout(
      () => void queryClient.invalidateQueries({ queryKey: queryKeys.likes, exact: true }),
      AUTO_LIKE_RELOAD_DELAY,
    );
    return () => clearTimeout(timer);
  }, [queryClient, profile.id]);

  if (!open) return null;
  return (
    <div className="like-toast" role="status">
      {profile.thumb && <img src={profile.thumb} alt="" />}
      <Link to={`/members/${profile.id}`} className="like-toast__link" onClick={() => setOpen(false)}>
        {t('likes.toast', { name: profile.name })}
      </Link>
      <button type="button" className="like-toast__close" aria-label={t('likes.close')} onClick={() => setOpen(false)}>
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}

/**
 * The like modal (spec section 4): with ?t=<seconds> it opens after that long with a profile
 * that liked the member; the parameter leaves the address as it opens.
 */
function LikeModal({ profile }: { profile: ProfileCard | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const delay = parseLikeModalDelay(searchParams.get('t'));
  const [shown, setShown] = useState<ProfileCard | null>(null);
  const ready = shouldOpenLikeModal({ loggedIn: true, delay, hasProfile: profile !== null });

  useEffect(() => {
    if (!ready || delay === null || !profile) return;
    const timer = setTimeout(() => {
      setShown(profile);
      setSearchParams(
        (params) => {
          params.delete('t');
          return params;
        },
        { replace: true },
      );
    }, delay);
    return () => clearTimeout(timer);
  }, [ready, delay, profile, setSearchParams]);

  if (!shown) return null;
  const close = () => setShown(null);
  const photo = shown.match ?? shown.thumb;
  return (
    <Modal show onHide={close} centered aria-labelledby="like-modal-title">
      <Modal.Body className="like-modal match-dialog">
        <div className="match-dialog__hearts" aria-hidden="true">
          {photo ? (
            <img className="match-dialog__photo" src={photo} alt="" />
          ) : (
            <span className="match-dialog__initial">{shown.name.trim().charAt(0).toUpperCase() || '?'}</span>
          )}
          <span className="match-dialog__heart">
            <HeartIcon size={26} />
          </span>
        </div>
        <h2 id="like-modal-title" className="match-dialog__title">
          {t('likes.modal.title', { name: shown.name })}
        </h2>
        <p>{t('likes.modal.text', { name: shown.name, age: shown.age })}</p>
        <div className="match-dialog__actions">
          <button
            type="button"
            className="btn btn-primary btn-lg"
            onClick={() => {
              close();
              void navigate(`/members/${shown.id}`);
            }}
          >
            {t('likes.modal.open', { name: shown.name })}
          </button>
          <button type="button" className="btn btn-link" onClick={close}>
            {t('likes.modal.later')}
          </button>
        </div>
      </Modal.Body>
    </Modal>
  );
}
