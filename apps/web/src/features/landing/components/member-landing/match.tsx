import { HeartIcon, UserIcon } from '../../../../components/icons';
import {
  ActivityPill,
  MemberFacts,
  MemberLandingCopy,
  MemberPhoto,
  Placeholder,
  useVariantTexts,
  type MemberLandingDesignProps,
} from './shared';
import './match.scss';

/** Hearts rising behind the match, each with its own place, size and timing (set in the stylesheet). */
const HEARTS = 12;

/**
 * /members/{id}/landing3: a match. "It's a match!" over the member's photo beside a silhouette
 * for the visitor, hearts rising behind them (still when the visitor prefers reduced motion),
 * and the way to send the first message.
 */
export default function Match({ memberId, member }: MemberLandingDesignProps) {
  const text = useVariantTexts('landing3', member);
  return (
    <div className="member-landing ml-match" aria-busy={member ? undefined : true}>
      <section className="ml-match__hero">
        <div className="ml-match__hearts" aria-hidden="true">
          {Array.from({ length: HEARTS }, (_, i) => (
            <span key={i} className="ml-match__float">
              <HeartIcon size={24} fill="currentColor" />
            </span>
          ))}
        </div>
        <div className="container ml-match__inner">
          <h1 className="ml-match__headline">{text('headline')}</h1>
          <div
            className="ml-match__pair"
            role={member ? 'img' : undefined}
            aria-label={member ? text('pairLabel') : undefined}
          >
            <span className="ml-match__photo ml-match__photo--member">
              {member ? <MemberPhoto member={member} /> : <Placeholder className="ml-placeholder--round" />}
            </span>
            <span className="ml-match__photo ml-match__photo--you">
              <UserIcon size={64} strokeWidth={1.5} />
              <span className="ml-match__you">{text('you')}</span>
            </span>
            <span className="ml-match__heart">
              <HeartIcon size={30} fill="currentColor" />
            </span>
          </div>
          <MemberLandingCopy
            memberId={memberId}
            member={member}
            text={text}
            intro={(shown) => (
              <div className="ml-match__who">
                <MemberFacts member={shown} />
                <ActivityPill member={shown} />
              </div>
            )}
            introPlaceholder={<Placeholder className="ml-placeholder--facts ml-placeholder--light" />}
            light
          />
        </div>
      </section>
    </div>
  );
}
