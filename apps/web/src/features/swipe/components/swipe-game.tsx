import type { ProfileCard, SwipeAction } from '@app/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type PointerEvent as ReactPointerEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { FlameIcon, HeartIcon, MapPinIcon } from '../../../components/icons';
import { ApiError } from '../../../lib/api';
import { errorText } from '../../../lib/error-text';
import { queryKeys } from '../../../data/query-keys';
import { MatchDialog } from '../../../components/match-dialog';
import { FictionalMarker } from '../../../components/fictional-marker';
import { usePlaceName } from '../../../data/place-name';
import { getSwipeCards, swipe, swipeCardsQueryOptions } from '../api/swipe';
import { addCards, dragTransform, keyAction, REFILL_AT, swipeDecision } from '../rules';
import './swipe.scss';

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * The swipe game (spec section 2): one card at a time, liked or passed by button, arrow key or
 * swipe. Likes count towards the daily limit on the server; passing stays possible past it.
 */
export function SwipeGame() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const first = useQuery(swipeCardsQueryOptions());
  const [deck, setDeck] = useState<ProfileCard[] | null>(null);
  const [likesLeft, setLikesLeft] = useState<number | null>(null);
  const [limitMessage, setLimitMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [announce, setAnnounce] = useState('');
  const [matched, setMatched] = useState<ProfileCard | null>(null);
  const [busy, setBusy] = useState(false);
  const decided = useRef(new Set<number>());
  const refilling = useRef(false);
  const [exhausted, setExhausted] = useState(false);

  // The first answer deals the stack; from then on the stack is the page's own.
  if (first.data && deck === null) {
    setDeck(first.data.cards);
    setLikesLeft(first.data.likes_left);
    setExhausted(first.data.cards.length === 0);
  }

  // Fetch more while a few cards are left, so the stack never runs dry mid-swipe.
  useEffect(() => {
    if (!deck || deck.length > REFILL_AT || refilling.current || exhausted) return;
    refilling.current = true;
    getSwipeCards()
      .then((answer) => {
        setLikesLeft(answer.likes_left);
        const next = addCards(deck, answer.cards, decided.current);
        if (next.length === deck.length) setExhausted(true);
        setDeck((current) => addCards(current ?? [], answer.cards, decided.current));
      })
      .catch(() => undefined)
      .finally(() => {
        refilling.current = false;
      });
  }, [deck, exhausted]);

  const decide = useCallback(
    (action: SwipeAction) => {
      const card = deck?.[0];
      if (!card || busy) return;
      setBusy(true);
      setError(null);
      decided.current.add(card.id);
      setDeck((current) => (current ? current.slice(1) : current));
      swipe(card.id, action)
        .then((answer) => {
          // In the same update as the new count: the next key press is taken as soon as it shows.
          setBusy(false);
          setLikesLeft(answer.likes_left);
          setAnnounce(
            action === 'like' ? t('swipe.liked', { name: card.name }) : t('swipe.passed', { name: card.name }),
          );
          if (answer.match) setMatched(card);
          if (action === 'like') void queryClient.invalidateQueries({ queryKey: queryKeys.likes, exact: true });
        })
        .catch((cause: unknown) => {
          setBusy(false);
          // Nothing was stored: the card comes back on top.
          decided.current.delete(card.id);
          setDeck((current) => [card, ...(current ?? [])]);
          if (cause instanceof ApiError && cause.error === 'swipe_limit_reached') {
            setLikesLeft(0);
            setLimitMessage(cause.message);
          } else {
            setError(errorText(cause, t('swipe.failed')));
          }
        });
    },
    [deck, busy, queryClient, t],
  );

  // The key listener reads the latest render's state: passive effects run a frame after a
  // render, so a listener swapped in an effect would drop a key pressed in that frame.
  const latest = useRef({ decide, matched });
  useLayoutEffect(() => {
    latest.current = { decide, matched };
  });

  // The arrow keys play anywhere on the page, except while typing or in a dialog.
  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      const action = keyAction(event.key);
      if (!action || event.altKey || event.ctrlKey || event.metaKey || latest.current.matched) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [contenteditable="true"], [role="dialog"]')) return;
      event.preventDefault();
      latest.current.decide(action);
    }
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  if (first.isError && deck === null) {
    return (
      <div className="card-panel member-state" role="alert">
        <p className="fw-semibold mb-1">{t('swipe.loadError')}</p>
        <button type="button" className="btn btn-primary" onClick={() => void first.refetch()}>
          {t('likes.retry')}
        </button>
      </div>
    );
  }
  if (deck === null || likesLeft === null) {
    return (
      <p role="status" className="text-body-secondary">
        {t('likes.loading')}
      </p>
    );
  }

  const limit = first.data?.limit ?? 0;
  const card = deck[0];
  return (
    <div className={`swipe-game${limitMessage ? ' swipe-game--limited' : ''}`}>
      <p className="swipe-game__left" aria-live="polite">
        <HeartIcon size={18} aria-hidden="true" />
        {t('swipe.likesLeft', { count: likesLeft, limit })}
      </p>
      {limitMessage && (
        <div className="swipe-game__limit" role="alert">
          <strong>{limitMessage}</strong>
          <span>{t('swipe.limitHint')}</span>
        </div>
      )}
      {error && (
        <p className="swipe-game__error" role="alert">
          {error}
        </p>
      )}
      {card ? (
        <>
          <div className="swipe-stack">
            {deck[1] && <SwipeCard key={deck[1].id} card={deck[1]} behind />}
            <SwipeCard key={card.id} card={card} onDecide={decide} />
          </div>
          {/* While a swipe is stored the buttons only say they are busy (decide ignores them): a
              disabled button would drop the keyboard focus to the page after each like or skip. */}
          <div className="swipe-controls">
            <button
              type="button"
              className="btn swipe-controls__pass"
              onClick={() => decide('pass')}
              aria-disabled={busy}
              aria-keyshortcuts="ArrowLeft"
            >
              <span className="swipe-controls__icon" aria-hidden="true">
                ✕
              </span>
              {t('swipe.pass')}
              <kbd aria-hidden="true">←</kbd>
            </button>
            <button
              type="button"
              className="btn swipe-controls__like"
              onClick={() => decide('like')}
              aria-disabled={busy}
              aria-keyshortcuts="ArrowRight"
            >
              <HeartIcon size={20} aria-hidden="true" />
              {t('swipe.like')}
              <kbd aria-hidden="true">→</kbd>
            </button>
          </div>
          <p className="swipe-game__hint">{t('swipe.hint')}</p>
        </>
      ) : (
        <EmptyState
          icon={<FlameIcon size={28} />}
          title={t('pages.swipeGame.emptyTitle')}
          text={t('pages.swipeGame.emptyText')}
          action={
            <Link className="btn btn-primary" to="/members">
              {t('actions.discover')}
            </Link>
          }
        />
      )}
      <p className="visually-hidden" role="status">
        {announce}
      </p>
      {matched && <MatchDialog card={matched} onClose={() => setMatched(null)} />}
    </div>
  );
}

interface SwipeCardProps {
  card: ProfileCard;
  /** The next card, shown under the top one. */
  behind?: boolean;
  onDecide?: (action: SwipeAction) => void;
}

/** A card that follows the pointer; let go past the threshold to decide, else it snaps back. */
function SwipeCard({ card, behind = false, onDecide }: SwipeCardProps) {
  const { t } = useTranslation();
  const place = usePlaceName(card);
  const photo = card.match ?? card.thumb;
  const start = useRef<number | null>(null);
  const [dx, setDx] = useState(0);
  const [dragging, setDragging] = useState(false);
  const reduced = prefersReducedMotion();

  function onPointerDown(event: ReactPointerEvent<HTMLDivElement>) {
    if (!onDecide || event.button !== 0) return;
    start.current = event.clientX;
    setDragging(true);
    event.currentTarget.setPointerCapture(event.pointerId);
  }
  function onPointerMove(event: ReactPointerEvent<HTMLDivElement>) {
    if (start.current === null) return;
    setDx(event.clientX - start.current);
  }
  function onPointerEnd() {
    if (start.current === null) return;
    start.current = null;
    setDragging(false);
    const action = swipeDecision(dx);
    setDx(0);
    if (action) onDecide?.(action);
  }

  return (
    <div
      className={`swipe-card${behind ? ' swipe-card--behind' : ''}${dragging ? ' swipe-card--dragging' : ''}`}
      style={dx ? { transform: dragTransform(dx, reduced) } : undefined}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
      aria-hidden={behind || undefined}
    >
      {dx !== 0 && (
        <span className={`swipe-card__stamp swipe-card__stamp--${dx > 0 ? 'like' : 'pass'}`} aria-hidden="true">
          {dx > 0 ? t('swipe.like') : t('swipe.pass')}
        </span>
      )}
      <div className="swipe-card__photo">
        {photo ? (
          <img src={photo} alt="" draggable={false} />
        ) : (
          <span className="swipe-card__initial" aria-hidden="true">
            {card.name.trim().charAt(0).toUpperCase() || '?'}
          </span>
        )}
        {card.fictional && <FictionalMarker size={18} className="swipe-card__fictional" />}
      </div>
      <div className="swipe-card__info">
        <h2 className="swipe-card__name">
          {card.name}, {card.age}
        </h2>
        <p className="swipe-card__place">
          <MapPinIcon size={15} />
          {place}
        </p>
        {!behind && (
          <Link to={`/members/${card.id}`} className="swipe-card__profile">
            {t('swipe.viewProfile', { name: card.name })}
          </Link>
        )}
      </div>
    </div>
  );
}
