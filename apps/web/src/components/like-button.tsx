import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HeartIcon } from './icons';
import type { LikeResponse, ProfileCard } from '@app/shared';
import { useLikes } from '../data/likes';
import { likesMember, markSeenInCache, useSetLiked } from '../data/set-liked';
import { useQueryClient } from '@tanstack/react-query';
import { MatchDialog } from './match-dialog';
import './likes.scss';
import { errorText } from '../lib/error-text';

interface LikeButtonProps {
  card: ProfileCard;
  /** A labelled button for the profile's action bar, or a round heart over a card's photo. */
  variant?: 'full' | 'compact';
}

/**
 * Like and unlike, shown at once and rolled back when the server refuses; a like that makes a
 * match opens the match dialog.
 */
export function LikeButton({ card, variant = 'full' }: LikeButtonProps) {
  const { t } = useTranslation();
  const likes = useLikes();
  const mutation = useSetLiked();
  // From the mutation's result, not a callback of mutate(): those fire only while the button's
  // subscription is up, which preact sets up a frame after a render.
  const [dismissed, setDismissed] = useState<LikeResponse | null>(null);
  const answer = mutation.data;
  const matched = answer !== undefined && answer.liked && answer.match && answer !== dismissed;
  const queryClient = useQueryClient();
  const unseen = variant === 'full' && likes.data?.liked_by.some((entry) => entry.id === card.id && entry.like_new);

  // The full button sits on the member's profile, whose opening cleared the like's new flag on
  // the server: the badge and the likes list follow at once.
  useEffect(() => {
    if (unseen) markSeenInCache(queryClient, card.id);
  }, [unseen, queryClient, card.id]);
  const liked = mutation.isPending ? mutation.variables.liked : (likesMember(likes.data, card.id) ?? false);
  const error = mutation.isError ? errorText(mutation.error, t('likes.failed')) : null;

  function toggle() {
    mutation.mutate({ card, liked: !liked });
  }

  const name = liked ? t('likes.unlikeName', { name: card.name }) : t('likes.likeName', { name: card.name });
  return (
    <>
      {variant === 'compact' ? (
        <button
          type="button"
          className={`like-heart${liked ? ' like-heart--on' : ''}`}
          aria-label={name}
          aria-pressed={liked}
          title={name}
          onClick={toggle}
        >
          <HeartIcon size={18} aria-hidden="true" />
        </button>
      ) : (
        <button
          type="button"
          className={`btn btn-outline-primary like-button${liked ? ' like-button--on' : ''}`}
          aria-pressed={liked}
          onClick={toggle}
        >
          <HeartIcon size={18} aria-hidden="true" />
          {liked ? t('likes.liked') : t('likes.like')}
        </button>
      )}
      {/* An alert is announced as it appears, so one exists only while there is an error. */}
      {error && (
        <span className={variant === 'compact' ? 'visually-hidden' : 'like-error'} role="alert">
          {error}
        </span>
      )}
      {matched && <MatchDialog card={card} onClose={() => setDismissed(answer ?? null)} />}
    </>
  );
}
