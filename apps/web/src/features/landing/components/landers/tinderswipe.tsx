import type { ProfileCard } from '@app/shared';
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FictionalMarker } from '../../../../components/fictional-marker';
import { HeartIcon, CloseIcon, SparklesIcon } from '../../../../components/icons';
import { LanderCta, LanderIntro, LanderNotice, MemberPhoto } from '../lander-parts';
import { type LanderProps, useLanderTexts, members } from './shared';

/** Likes before the match prompt: the demo gives a match on the third. */
const LIKES_TO_MATCH = 3;
/** How far a card must be dragged to count as a swipe, in pixels. */
const SWIPE_DISTANCE = 90;

/** The swipe demo: drag, buttons or arrow keys; a few likes make a match and the way in. */
export default function TinderSwipe({ niche, data, loading, error }: LanderProps) {
  const { t } = useTranslation('landing');
  const texts = useLanderTexts('tinderswipe', niche);
  const pool = members(data);
  const [index, setIndex] = useState(0);
  const [likes, setLikes] = useState(0);
  const [match, setMatch] = useState<ProfileCard | null>(null);
  const [drag, setDrag] = useState(0);
  const start = useRef<number | null>(null);
  const matchRef = useRef<HTMLDivElement>(null);
  const card = pool[index];

  useEffect(() => {
    if (match) matchRef.current?.focus();
  }, [match]);

  function decide(like: boolean) {
    if (!card) return;
    setDrag(0);
    setIndex(index + 1);
    if (!like) return;
    const count = likes + 1;
    setLikes(count);
    if (count >= LIKES_TO_MATCH && !match) setMatch(card);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'ArrowRight') decide(true);
    else if (event.key === 'ArrowLeft') decide(false);
    else return;
    event.preventDefault();
  }

  function handlePointerDown(event: PointerEvent<HTMLDivElement>) {
    start.current = event.clientX;
    event.currentTarget.setPointerCapture(event.pointerId);
  }

  function handlePointerUp() {
    if (start.current !== null && Math.abs(drag) > SWIPE_DISTANCE) decide(drag > 0);
    else setDrag(0);
    start.current = null;
  }

  return (
    <div className="lander lander--swipe">
      <section className="container lander-swipe">
        <LanderIntro
          headline={texts.headline}
          text={texts.text}
          counts={data?.counts}
          className="lander-swipe__intro"
        />
        <div className="lander-swipe__stage">
          {match ? (
            <div
              className="lander-swipe__match"
              role="dialog"
              aria-labelledby="lander-match-title"
              tabIndex={-1}
              ref={matchRef}
            >
              <span className="lander-swipe__match-photo">
                <MemberPhoto member={match} eager />
              </span>
              <h2 id="lander-match-title">
                <SparklesIcon size={22} /> {t('landers.tinderswipe.matchTitle')}
              </h2>
              <p>{t('landers.tinderswipe.matchText', { member: match.name })}</p>
              <LanderCta />
            </div>
          ) : card ? (
            <>
              <div
                className="lander-swipe__card"
                role="group"
                tabIndex={0}
                aria-roledescription="card"
                aria-label={`${card.name}, ${card.age}${card.city ? `, ${card.city}` : ''}. ${t('landers.tinderswipe.hint')}`}
                onKeyDown={handleKeyDown}
                onPointerDown={handlePointerDown}
                onPointerMove={(event) => start.current !== null && setDrag(event.clientX - start.current)}
                onPointerUp={handlePointerUp}
                onPointerCancel={() => {
                  start.current = null;
                  setDrag(0);
                }}
                style={{ transform: `translateX(${drag}px) rotate(${drag / 20}deg)` }}
              >
                <MemberPhoto member={card} eager />
                <span className="lander-swipe__caption">
                  <strong>
                    {card.name}, {card.age}
                  </strong>
                  {card.city && <span>{card.city}</span>}
                </span>
                {card.fictional && <FictionalMarker className="lander-tile__fictional" />}
              </div>
              <div className="lander-swipe__buttons">
                <button
                  type="button"
                  className="lander-swipe__button lander-swipe__button--pass"
                  aria-label={t('landers.tinderswipe.pass', { member: card.name })}
                  onClick={() => decide(false)}
                >
                  <CloseIcon size={28} />
                </button>
                <button
                  type="button"
                  className="lander-swipe__button lander-swipe__button--like"
                  aria-label={t('landers.tinderswipe.like', { member: card.name })}
                  onClick={() => decide(true)}
                >
                  <HeartIcon size={28} />
                </button>
              </div>
              <p className="lander-swipe__hint">{t('landers.tinderswipe.hint')}</p>
            </>
          ) : loading ? (
            <div className="lander-swipe__card lander-tile--skeleton" aria-hidden="true" />
          ) : (
            <div className="lander-swipe__match">
              {pool.length === 0 ? <LanderNotice error={error} /> : <p>{t('landers.tinderswipe.done')}</p>}
              <LanderCta />
            </div>
          )}
        </div>
      </section>
    </div>
  );
}
