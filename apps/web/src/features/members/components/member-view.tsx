import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { InterestIcon } from '../../../components/interest-icon';
import { BlockIcon, LockIcon, MapPinIcon, MessageIcon, SparklesIcon, UserIcon } from '../../../components/icons';
import { LikeButton } from '../../../components/like-button';
import { interestsQueryOptions } from '../../../data/interests';
import { useSettings } from '../../../data/settings';
import { useSetBlocked } from '../api/block-member';
import type { MemberProfile } from '../api/contract';
import { usePlaceName } from '../../../data/place-name';
import { ACTIVITY_TEXT, activityOf } from '../../../components/activity';
import { detailRows, showsAbout, showsInterests } from '../rules';
import { BlockDialog } from './block-dialog';
import { FictionalMarker } from '../../../components/fictional-marker';
import { VerifiedBadge } from '../../../components/verified-badge';
import { PhotoGallery } from './photo-gallery';
import { ProfileCardGrid } from '../../../components/profile-card';
import '../../../components/members.scss';

interface MemberViewProps {
  member: MemberProfile;
  /** The viewer's own profile: a preview with a banner and no actions. */
  own: boolean;
  /** A visitor's actions lead to signup; blocking is for members only. */
  loggedIn: boolean;
  /** The gift action beside message and like, composed by the page (features meet there). */
  giftAction?: ReactNode;
  /** The report action beside blocking, for members; composed by the page like the gift. */
  reportAction?: ReactNode;
}

/** Another member's profile: photos, who and where, about, details, interests, actions, related. */
export function MemberView({ member, own, loggedIn, giftAction, reportAction }: MemberViewProps) {
  const { t } = useTranslation();
  const settings = useSettings();
  const place = usePlaceName(member);
  const activity = activityOf(member);
  const details = detailRows(member, settings);

  return (
    <div className="member-view">
      {own && (
        <div className="member-own-banner">
          <UserIcon size={20} aria-hidden="true" />
          <p>{t('memberView.ownBanner')}</p>
          <Link to="/profile" className="btn btn-sm btn-light">
            {t('memberView.ownBannerLink')}
          </Link>
        </div>
      )}

      <div className="member-view__layout">
        <div className="member-view__media">
          <PhotoGallery name={member.name} photos={member.photos} lockedPhotos={member.locked_photos} />
        </div>

        <div className="member-view__info">
          <header className="member-panel member-head">
            {/* The marker sits beside the heading, so the heading's name stays the member's. */}
            <div className="member-head__title">
              <h1 className="member-head__name">
                {member.name}
                <span className="member-head__age">, {member.age}</span>
              </h1>
              {member.verified && <VerifiedBadge size={20} />}
              {member.fictional && <FictionalMarker size={20} className="member-head__fictional" />}
            </div>
            <p className="member-head__meta">
              <span className="member-head__place">
                <MapPinIcon size={16} />
                {place}
              </span>
              {activity && (
                <span className={`activity-pill activity-pill--${activity}`}>
                  <span className={`activity-dot activity-dot--${activity}`} aria-hidden="true" />
                  {t(ACTIVITY_TEXT[activity])}
                </span>
              )}
            </p>
            {member.fictional && (
              <p className="member-fictional">
                <SparklesIcon size={18} />
                <span>{settings.fictional_warning}</span>
              </p>
            )}
            {!own && (
              <MemberActions member={member} loggedIn={loggedIn} giftAction={giftAction} reportAction={reportAction} />
            )}
          </header>

          {!own && member.locked_photos > 0 && <LockedPhotosOffer member={member} loggedIn={loggedIn} />}

          {showsAbout(member, settings) && (
            <section className="member-panel" aria-labelledby="member-about">
              <h2 id="member-about" className="member-panel__title">
                {t('memberView.about')}
              </h2>
              <p className="member-about">{member.about}</p>
            </section>
          )}

          {details.length > 0 && (
            <section className="member-panel" aria-labelledby="member-details">
              <h2 id="member-details" className="member-panel__title">
                {t('memberView.details')}
              </h2>
              <dl className="member-details">
                {details.map(({ option, value }) => (
                  <div key={option} className="member-details__row">
                    <dt>{t(`profileOptions.${option}.label`)}</dt>
                    <dd>{t(`profileOptions.${option}.values.${value}`)}</dd>
                  </div>
                ))}
              </dl>
            </section>
          )}

          {showsInterests(member, settings) && <MemberInterests ids={member.interests} />}
        </div>
      </div>

      {member.related.length > 0 && (
        <section className="member-related" aria-labelledby="member-related">
          <h2 id="member-related" className="member-related__title">
            {t('memberView.related')}
          </h2>
          <ProfileCardGrid cards={member.related} likeable={loggedIn} />
        </section>
      )}
    </div>
  );
}

/**
 * More photos than the viewer sees: members are offered premium, visitors signing up. It comes
 * after the name and the actions, so on a phone the offer never stands between them and the photo.
 */
function LockedPhotosOffer({ member, loggedIn }: { member: MemberProfile; loggedIn: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="member-premium">
      <span className="member-premium__icon" aria-hidden="true">
        <LockIcon size={20} />
      </span>
      <div className="member-premium__text">
        <strong>
          {loggedIn ? t('memberView.lockedTitle') : t('memberView.lockedVisitorTitle', { name: member.name })}
        </strong>
        <span>{loggedIn ? t('memberView.lockedText', { name: member.name }) : t('memberView.lockedVisitorText')}</span>
      </div>
      {loggedIn ? (
        <Link to="/premium" className="btn btn-primary btn-sm">
          {t('memberView.premium')}
        </Link>
      ) : (
        <Link to={`/members/${member.id}/signup`} className="btn btn-primary btn-sm">
          {t('nav.signup')}
        </Link>
      )}
    </div>
  );
}

/** The interests as chips with their icons, named from /api/interests.php. */
function MemberInterests({ ids }: { ids: number[] }) {
  const { t } = useTranslation();
  const interests = useQuery(interestsQueryOptions());
  const chosen = (interests.data?.interests ?? []).filter((interest) => ids.includes(interest.id));
  if (chosen.length === 0) return null;
  return (
    <section className="member-panel" aria-labelledby="member-interests">
      <h2 id="member-interests" className="member-panel__title">
        {t('memberView.interests')}
      </h2>
      <ul className="member-chips">
        {chosen.map((interest) => (
          <li key={interest.id} className="member-chip">
            <InterestIcon name={interest.icon} size={16} />
            {t(`interests.${interest.key}`)}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The action bar. Message leads to the chat (a visitor's to signup); members like and send a
 * gift beside it. Blocking asks first; once blocked, a notice replaces the contact actions and
 * offers to unblock. Reporting sits beside blocking.
 */
function MemberActions({
  member,
  loggedIn,
  giftAction,
  reportAction,
}: {
  member: MemberProfile;
  loggedIn: boolean;
  giftAction: ReactNode;
  reportAction: ReactNode;
}) {
  const { t } = useTranslation();
  const block = useSetBlocked();
  const [confirming, setConfirming] = useState(false);
  const [announce, setAnnounce] = useState('');
  const noticeRef = useRef<HTMLDivElement>(null);
  const blockRef = useRef<HTMLButtonElement>(null);
  const blocked = member.blocked_by_me;
  const changed = useRef(false);

  // After a block or unblock the pressed button is gone: focus goes to what took its place.
  useEffect(() => {
    if (!changed.current) return;
    changed.current = false;
    (blocked ? noticeRef.current : blockRef.current)?.focus();
  }, [blocked]);

  function handleBlock() {
    changed.current = true;
    setAnnounce('');
    block.mutate(
      { id: member.id, blocked: true },
      { onSuccess: () => setConfirming(false), onError: () => (changed.current = false) },
    );
  }

  function handleUnblock() {
    changed.current = true;
    block.mutate(
      { id: member.id, blocked: false },
      {
        onSuccess: () => setAnnounce(t('memberView.unblocked', { name: member.name })),
        onError: () => (changed.current = false),
      },
    );
  }

  function handleCloseDialog() {
    setConfirming(false);
    block.reset();
    requestAnimationFrame(() => blockRef.current?.focus());
  }

  if (blocked) {
    return (
      <div ref={noticeRef} className="member-blocked" role="status" tabIndex={-1}>
        <BlockIcon size={20} />
        <div className="member-blocked__text">
          <strong>{t('memberView.blockedTitle', { name: member.name })}</strong>
          <span>{t('memberView.blockedText', { name: member.name })}</span>
          {block.isError && <span className="member-blocked__error">{t('memberView.blockFailed')}</span>}
        </div>
        <button
          type="button"
          className="btn btn-outline-secondary btn-sm"
          onClick={handleUnblock}
          disabled={block.isPending}
        >
          {t('memberView.unblock')}
        </button>
      </div>
    );
  }

  return (
    <div className="member-actions">
      <div className="member-actions__main">
        <Link
          to={loggedIn ? `/members/${member.id}/chat` : `/members/${member.id}/signup`}
          className="btn btn-primary member-actions__message"
        >
          <MessageIcon size={18} />
          {t('memberView.message')}
        </Link>
        {loggedIn && <LikeButton card={member} />}
        {loggedIn && giftAction}
      </div>
      {loggedIn && (
        <div className="member-actions__more">
          <button
            ref={blockRef}
            type="button"
            className="btn btn-link member-actions__block"
            onClick={() => setConfirming(true)}
          >
            <BlockIcon size={16} />
            {t('memberView.block')}
          </button>
          {reportAction}
        </div>
      )}
      <span className="visually-hidden" role="status">
        {announce}
      </span>
      {confirming && (
        <BlockDialog
          name={member.name}
          pending={block.isPending}
          error={block.error}
          onConfirm={handleBlock}
          onClose={handleCloseDialog}
        />
      )}
    </div>
  );
}
