import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LikeButton } from './like-button';
import type { ProfileCard as ProfileCardData } from '@app/shared';
import { usePlaceName } from '../data/place-name';
import { ACTIVITY_TEXT, activityOf } from './activity';
import { FictionalMarker } from './fictional-marker';
import { VerifiedBadge } from './verified-badge';
import './members.scss';
import { MapPinIcon } from './icons';

interface ProfileCardProps {
  card: ProfileCardData;
  /** Which ready-made photo to show: the match-card crop (default) or the small thumbnail. */
  photo?: 'match' | 'thumb';
  /** A photo tile with the caption over it (grids), or a row with a round photo (lists). */
  variant?: 'tile' | 'row';
  /** Where the card leads; the member's profile unless a list opens it elsewhere (/likes/m/{id}). */
  to?: string;
  /** A heart to like or unlike beside the link (logged-in lists only). */
  likeable?: boolean;
}

/**
 * A member as lists show them (related profiles, the blocked list, later search and likes):
 * one link to the profile whose accessible name says who, how old, where and whether online,
 * starting with the caption's own words in its order (name, age, place), so a voice command
 * that reads the caption hits the link.
 * The fictional marker sits beside the link so it keeps its own accessible name.
 */
export function ProfileCard({ card, photo = 'match', variant = 'tile', to, likeable = false }: ProfileCardProps) {
  const { t } = useTranslation();
  const place = usePlaceName(card);
  const activity = activityOf(card);
  const src = photo === 'match' ? (card.match ?? card.thumb) : (card.thumb ?? card.match);
  const status = activity ? t(ACTIVITY_TEXT[activity]) : null;
  const label = [
    t('profileCard.label', { name: card.name, age: card.age, place }),
    card.verified && t('verified.badge'),
    status,
  ]
    .filter(Boolean)
    .join(', ');

  return (
    <div className={`member-card member-card--${variant}`}>
      <Link to={to ?? `/members/${card.id}`} className="member-card__link" aria-label={label}>
        <span className="member-card__photo">
          {src ? (
            <img src={src} alt="" loading="lazy" decoding="async" />
          ) : (
            // Drawn from the attribute: as text it would be words on the link its name lacks (WCAG 2.5.3).
            <span
              className="member-card__initial"
              data-initial={card.name.trim().charAt(0).toUpperCase() || '?'}
              aria-hidden="true"
            />
          )}
        </span>
        <span className="member-card__caption" aria-hidden="true">
          <span className="member-card__name">
            <span className="member-card__name-text">{card.name}</span>, {card.age}
            {card.verified && <VerifiedBadge size={14} />}
            {activity && <span className={`activity-dot activity-dot--${activity}`} title={status ?? undefined} />}
          </span>{' '}
          <span className="member-card__place">
            <MapPinIcon size={13} />
            <span>{place}</span>
          </span>
        </span>
      </Link>
      {card.fictional && <FictionalMarker className="member-card__fictional" />}
      {likeable && (
        <span className="member-card__like">
          <LikeButton card={card} variant="compact" />
        </span>
      )}
    </div>
  );
}

/** A grid of profile cards as a list, so screen readers announce how many there are. */
export function ProfileCardGrid({
  cards,
  label,
  likeable = false,
}: {
  cards: ProfileCardData[];
  label?: string;
  likeable?: boolean;
}) {
  return (
    <ul className="member-card-grid" aria-label={label}>
      {cards.map((card) => (
        <li key={card.id}>
          <ProfileCard card={card} likeable={likeable} />
        </li>
      ))}
    </ul>
  );
}
