import type { LanderCounts, ProfileCard } from '@app/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MapPinIcon } from '../../../components/icons';
import { FictionalMarker } from '../../../components/fictional-marker';
import { useSettings } from '../../../data/settings';
import './landers.scss';

/** The way in: every lander's main action leads to signup. */
export function LanderCta({
  to = '/signup',
  label,
  className = '',
}: {
  to?: string;
  label?: string;
  className?: string;
}) {
  const { t } = useTranslation('landing');
  return (
    <Link to={to} className={`btn btn-primary btn-lg lander-cta ${className}`}>
      {label ?? t('cta')}
    </Link>
  );
}

/** The pool's true counts; a zero is left out rather than boasted. */
export function CountsStrip({ counts, className = '' }: { counts: LanderCounts | undefined; className?: string }) {
  const { t } = useTranslation('landing');
  if (!counts) return <p className={`lander-counts lander-counts--loading ${className}`} aria-hidden="true" />;
  const parts = (['members', 'online', 'today'] as const).filter((key) => counts[key] > 0);
  if (parts.length === 0) return null;
  return (
    <ul className={`lander-counts ${className}`}>
      {parts.map((key) => (
        <li key={key} className={`lander-counts__item lander-counts__item--${key}`}>
          {t(`counts.${key}`, { count: counts[key] })}
        </li>
      ))}
    </ul>
  );
}

/** A member's photo, or their initial when they have none. */
export function MemberPhoto({ member, eager = false }: { member: ProfileCard; eager?: boolean }) {
  const src = member.match ?? member.thumb;
  return src ? (
    <img src={src} alt="" loading={eager ? 'eager' : 'lazy'} decoding="async" width={400} height={400} />
  ) : (
    <span className="lander-tile__initial" aria-hidden="true">
      {member.name.charAt(0).toUpperCase()}
    </span>
  );
}

/**
 * A member as the landers show them: photo, name, age and town, whether online, and the
 * fictional marker the law requires on a site-run profile. It leads to signup, since a visitor
 * sees profiles only after signing up.
 */
export function MemberTile({
  member,
  to = '/signup',
  eager = false,
  className = '',
}: {
  member: ProfileCard;
  to?: string;
  eager?: boolean;
  className?: string;
}) {
  const { t } = useTranslation('landing');
  const details = [`${member.name}, ${member.age}`, member.city, member.online ? t('online') : null];
  return (
    <div className={`lander-tile ${className}`}>
      <Link to={to} className="lander-tile__link" aria-label={details.filter(Boolean).join(', ')}>
        <span className="lander-tile__photo">
          <MemberPhoto member={member} eager={eager} />
        </span>
        <span className="lander-tile__caption" aria-hidden="true">
          <span className="lander-tile__name">
            {member.name}, {member.age}
            {member.online && <span className="lander-dot" />}
          </span>
          {member.city && (
            <span className="lander-tile__place">
              <MapPinIcon size={12} /> {member.city}
            </span>
          )}
        </span>
      </Link>
      {member.fictional && <FictionalMarker className="lander-tile__fictional" />}
    </div>
  );
}

/** Members as a list of tiles, with skeletons of the same size while they load. */
export function MemberGrid({
  members,
  loading,
  count,
  className = '',
}: {
  members: ProfileCard[];
  loading: boolean;
  count: number;
  className?: string;
}) {
  const { t } = useTranslation('landing');
  const settings = useSettings();
  if (loading) {
    return (
      <ul className={`lander-grid ${className}`} aria-hidden="true">
        {Array.from({ length: count }, (_, i) => (
          <li key={i} className="lander-tile lander-tile--skeleton" />
        ))}
      </ul>
    );
  }
  return (
    <ul className={`lander-grid ${className}`} aria-label={t('membersLabel', { name: settings.name })}>
      {members.slice(0, count).map((member, index) => (
        <li key={member.id}>
          <MemberTile member={member} eager={index < 2} />
        </li>
      ))}
    </ul>
  );
}

/** What a lander says when it has no members to show, or could not load them. */
export function LanderNotice({ error }: { error: boolean }) {
  const { t } = useTranslation('landing');
  return <p className="lander-notice">{error ? t('error') : t('empty')}</p>;
}

/** A lander's opening: headline, the niche's promise, the counts and the way in. */
export function LanderIntro({
  headline,
  text,
  counts,
  children,
  className = '',
}: {
  headline: string;
  text: string;
  counts: LanderCounts | undefined;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <div className={`lander-intro ${className}`}>
      <h1 className="lander-intro__headline">{headline}</h1>
      <p className="lander-intro__text">{text}</p>
      <CountsStrip counts={counts} />
      <LanderCta />
      {children}
    </div>
  );
}
