import { Link } from 'react-router';
import { MessageIcon, SendIcon } from '../../../../components/icons';
import {
  ActivityPill,
  MemberFacts,
  MemberLandingCopy,
  MemberPhoto,
  Placeholder,
  signupPath,
  useVariantTexts,
  type MemberLandingDesignProps,
} from './shared';
import './message-invite.scss';

/**
 * /members/{id}/landing2: a message waiting. A phone-like chat opens on the member's photo and
 * a friendly opener (a text of the catalogue, not a real message), beside the way to read and
 * answer it.
 */
export default function MessageInvite({ memberId, member }: MemberLandingDesignProps) {
  const text = useVariantTexts('landing2', member);
  const signup = signupPath(memberId);
  return (
    <div className="member-landing ml-invite" aria-busy={member ? undefined : true}>
      <section className="container ml-invite__hero">
        <figure className="ml-invite__device" aria-label={member ? text('chatLabel') : undefined}>
          <div className="ml-phone">
            <div className="ml-phone__head">
              <span className="ml-phone__avatar">
                {member ? <MemberPhoto member={member} /> : <Placeholder className="ml-placeholder--round" />}
              </span>
              <span className="ml-phone__who">
                {member ? <strong>{member.name}</strong> : <Placeholder className="ml-placeholder--short" />}
                {member && <ActivityPill member={member} className="ml-phone__activity" />}
              </span>
            </div>
            <div className="ml-phone__body">
              <div className="ml-phone__intro">
                <span className="ml-phone__portrait">
                  {member ? <MemberPhoto member={member} /> : <Placeholder className="ml-placeholder--round" />}
                </span>
                {member ? (
                  <MemberFacts member={member} className="ml-phone__facts" />
                ) : (
                  <Placeholder className="ml-placeholder--facts" />
                )}
              </div>
              <span className="ml-phone__day">{text('today')}</span>
              <div className="ml-phone__message">
                {member ? (
                  <p className="ml-phone__bubble">{text('message')}</p>
                ) : (
                  <Placeholder className="ml-placeholder--bubble" />
                )}
                <span className="ml-phone__time">{text('now')}</span>
              </div>
              <p className="ml-phone__typing" aria-hidden="true">
                <span />
                <span />
                <span />
              </p>
            </div>
            <Link to={signup} className="ml-phone__composer" tabIndex={-1} aria-hidden="true">
              <span>{text('reply')}</span>
              <span className="ml-phone__send">
                <SendIcon size={18} />
              </span>
            </Link>
          </div>
        </figure>
        <div className="ml-invite__copy">
          <p className="ml-eyebrow ml-eyebrow--alert">
            <MessageIcon size={16} /> {text('eyebrow')}
          </p>
          <MemberLandingCopy memberId={memberId} member={member} text={text} />
        </div>
      </section>
    </div>
  );
}
