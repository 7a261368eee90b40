import type { LanderResponse, ProfileCard } from '@app/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CheckIcon, HeartIcon, MapPinIcon } from '../../../../components/icons';
import { FictionalMarker } from '../../../../components/fictional-marker';
import { useSettings } from '../../../../data/settings';
import { MemberTile } from '../lander-parts';
import './member-landing.scss';

/** The three landing pages about one member: a spotlight, a message waiting and a match. */
export type MemberLandingVariant = 'landing' | 'landing2' | 'landing3';

/**
 * What a variant's design gets: the member (null while the lander loads, when the design shows
 * its skeleton in the same frame) and the niche's pool for the similar members.
 */
export interface MemberLandingDesignProps {
  memberId: number;
  member: ProfileCard | null;
  pool: ProfileCard[];
}

/** Where every landing about a member leads: signing up with a first message to them. */
export const signupPath = (memberId: number) => `/members/${memberId}/signup`;

/** One variant's text by its key, with the member's name and the site's name filled in. */
export type VariantTexts = (key: string) => string;

/** The texts of one variant, with the member's name and the site's name filled in. */
export function useVariantTexts(variant: MemberLandingVariant, member: ProfileCard | null): VariantTexts {
  const { t } = useTranslation('landing');
  const settings = useSettings();
  return (key: string) => t(`memberLanding.${variant}.${key}`, { member: member?.name ?? '', name: settings.name });
}

/** A member's photo filling its frame, or their initial without one; decorative, the name is text nearby. */
export function MemberPhoto({ member, className = '' }: { member: ProfileCard; className?: string }) {
  const src = member.match ?? member.thumb;
  return src ? (
    <img className={`ml-photo ${className}`} src={src} alt="" width={400} height={500} decoding="async" />
  ) : (
    <span className={`ml-photo ml-photo--initial ${className}`} aria-hidden="true">
      {member.name.charAt(0).toUpperCase()}
    </span>
  );
}

/** A rounded block standing in for text or a control while the lander loads. */
export function Placeholder({ className = '' }: { className?: string }) {
  return <span className={`ml-placeholder ${className}`} aria-hidden="true" />;
}

/** Online now, or recently active, as a pill with a dot; nothing when neither. */
export function ActivityPill({ member, className = '' }: { member: ProfileCard; className?: string }) {
  const { t } = useTranslation('landing');
  if (!member.online && !member.recently_active) return null;
  return (
    <span className={`ml-activity ${member.online ? 'ml-activity--online' : ''} ${className}`}>
      <span className="ml-activity__dot" aria-hidden="true" />
      {member.online ? t('memberLanding.online') : t('memberLanding.recentlyActive')}
    </span>
  );
}

/** Name and age (with the fictional mark of a site-run profile), then town. */
export function MemberFacts({ member, className = '' }: { member: ProfileCard; className?: string }) {
  return (
    <div className={`ml-facts ${className}`}>
      <p className="ml-facts__name">
        <span>
          {member.name}, {member.age}
        </span>
        {member.fictional && <FictionalMarker size={18} className="ml-facts__fictional" />}
      </p>
      {member.city && (
        <p className="ml-facts__place">
          <MapPinIcon size={15} /> {member.city}
        </p>
      )}
    </div>
  );
}

/**
 * The notice a site-run profile carries in full beside its photo: settings.fictional_icon with
 * settings.fictional_warning written out (the mark by the name is its short form).
 */
export function FictionalNote({ member, className = '' }: { member: ProfileCard; className?: string }) {
  const { fictional_warning: warning } = useSettings();
  if (!member.fictional) return null;
  return (
    <p className={`ml-fictional ${className}`}>
      <span aria-hidden="true">
        <FictionalMarker size={16} />
      </span>
      <span>{warning}</span>
    </p>
  );
}

/** The page's main action and the line under it. */
export function SignupCta({
  to,
  label,
  note,
  className = '',
}: {
  to: string;
  label: string;
  note?: string;
  className?: string;
}) {
  return (
    <div className={`ml-cta ${className}`}>
      <Link to={to} className="btn btn-primary btn-lg ml-cta__button">
        {label}
      </Link>
      {note && <p className="ml-cta__note">{note}</p>}
    </div>
  );
}

/** The CTA's shape while the lander loads, so the button does not push the page when it arrives. */
export function SignupCtaPlaceholder({ className = '' }: { className?: string }) {
  return (
    <div className={`ml-cta ${className}`} aria-hidden="true">
      <Placeholder className="ml-placeholder--button" />
      <Placeholder className="ml-placeholder--note" />
    </div>
  );
}

/** Why signing up is easy: free, quick, discreet. */
export function Perks({ className = '' }: { className?: string }) {
  const { t } = useTranslation('landing');
  return (
    <ul className={`ml-perks ${className}`}>
      {(['free', 'quick', 'discreet'] as const).map((key) => (
        <li key={key}>
          <CheckIcon size={14} /> {t(`memberLanding.perks.${key}`)}
        </li>
      ))}
    </ul>
  );
}

/** The copy's classes on the page's own background, and centred in light text on the match's colour. */
const COPY_CLASSES = {
  plain: { lead: 'ml-lead', leadPlaceholder: 'ml-placeholder--lead', note: '', cta: '', perks: '' },
  light: {
    lead: 'ml-match__lead',
    leadPlaceholder: 'ml-placeholder--lead ml-placeholder--light',
    note: 'ml-fictional--light',
    cta: 'ml-cta--center ml-cta--light',
    perks: 'ml-perks--center ml-perks--light',
  },
};

/**
 * The copy every member landing puts by its picture: an intro (the variant's headline unless the
 * design shows it elsewhere), the variant's text, the fictional notice, the way to sign up and
 * the perks; while the lander loads, placeholders of the same shape.
 */
export function MemberLandingCopy({
  memberId,
  member,
  text,
  intro = () => <h1 className="ml-headline">{text('headline')}</h1>,
  introPlaceholder = <Placeholder className="ml-placeholder--headline" />,
  light = false,
}: {
  memberId: number;
  member: ProfileCard | null;
  text: VariantTexts;
  intro?: (member: ProfileCard) => ReactNode;
  introPlaceholder?: ReactNode;
  /** Centred light text, for a design with a coloured hero. */
  light?: boolean;
}) {
  const classes = COPY_CLASSES[light ? 'light' : 'plain'];
  return (
    <>
      {member ? (
        <>
          {intro(member)}
          <p className={classes.lead}>{text('text')}</p>
          <FictionalNote member={member} className={classes.note} />
          <SignupCta to={signupPath(memberId)} label={text('cta')} note={text('ctaNote')} className={classes.cta} />
        </>
      ) : (
        <>
          {introPlaceholder}
          <Placeholder className={classes.leadPlaceholder} />
          <SignupCtaPlaceholder className={classes.cta} />
        </>
      )}
      <Perks className={classes.perks} />
    </>
  );
}

/** Members of the pool as a row of tiles, each leading to signing up with a message to them. */
export function SimilarMembers({
  title,
  text,
  members,
  count = 6,
}: {
  title: string;
  text?: string;
  members: ProfileCard[];
  count?: number;
}) {
  if (members.length === 0) return null;
  return (
    <section className="container ml-similar" aria-labelledby="ml-similar-title">
      <h2 id="ml-similar-title" className="ml-similar__title">
        {title}
      </h2>
      {text && <p className="ml-similar__text">{text}</p>}
      <ul className="ml-similar__list">
        {members.slice(0, count).map((other) => (
          <li key={other.id}>
            <MemberTile member={other} to={signupPath(other.id)} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The row of similar members while the lander loads: tiles of the same size. */
export function SimilarMembersPlaceholder({ count = 6 }: { count?: number }) {
  return (
    <section className="container ml-similar" aria-hidden="true">
      <Placeholder className="ml-placeholder--title" />
      <Placeholder className="ml-placeholder--text" />
      <ul className="ml-similar__list">
        {Array.from({ length: count }, (_, i) => (
          <li key={i}>
            <span className="lander-tile lander-tile--skeleton" />
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The member cannot be shown (unknown, invisible, deleted): say so kindly and offer others of
 * the pool, with the way to a general signup.
 */
export function MemberUnavailable({ data }: { data: LanderResponse }) {
  const { t } = useTranslation('landing');
  return (
    <div className="member-landing ml-unavailable">
      <section className="container ml-unavailable__intro">
        <span className="ml-unavailable__icon" aria-hidden="true">
          <HeartIcon size={28} />
        </span>
        <h1 className="ml-headline">{t('memberLanding.unavailable.headline')}</h1>
        <p className="ml-lead">{t('memberLanding.unavailable.text')}</p>
        <SignupCta to="/signup" label={t('memberLanding.unavailable.cta')} className="ml-cta--center" />
        <Perks className="ml-perks--center" />
      </section>
      <SimilarMembers title={t('memberLanding.unavailable.similar')} members={data.members} count={12} />
    </div>
  );
}

/** The lander could not be loaded: the member may well be there, so the way to them stays open. */
export function MemberLandingError({ memberId }: { memberId: number }) {
  const { t } = useTranslation('landing');
  return (
    <div className="member-landing ml-unavailable">
      <section className="container ml-unavailable__intro">
        <span className="ml-unavailable__icon" aria-hidden="true">
          <HeartIcon size={28} />
        </span>
        <h1 className="ml-headline">{t('memberLanding.error.headline')}</h1>
        <p className="ml-lead" role="status">
          {t('memberLanding.error.text')}
        </p>
        <SignupCta to={signupPath(memberId)} label={t('memberLanding.error.cta')} className="ml-cta--center" />
        <Perks className="ml-perks--center" />
      </section>
    </div>
  );
}
