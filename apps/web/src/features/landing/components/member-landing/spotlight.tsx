import { HeartIcon, SparklesIcon } from '../../../../components/icons';
import {
  ActivityPill,
  MemberFacts,
  MemberLandingCopy,
  MemberPhoto,
  Placeholder,
  SimilarMembers,
  SimilarMembersPlaceholder,
  useVariantTexts,
  type MemberLandingDesignProps,
} from './shared';
import './spotlight.scss';

/**
 * /members/{id}/landing: the member in the spotlight. Their big photo with name, age, town and
 * whether they are online, the invitation to get to know them, the way to reply, and a row of
 * similar members from the niche's pool.
 */
export default function Spotlight({ memberId, member, pool }: MemberLandingDesignProps) {
  const text = useVariantTexts('landing', member);
  return (
    <div className="member-landing ml-spotlight" aria-busy={member ? undefined : true}>
      <section className="container ml-spotlight__hero">
        <div className="ml-spotlight__stage">
          <div className="ml-spotlight__card">
            {member ? <MemberPhoto member={member} /> : <Placeholder className="ml-placeholder--photo" />}
            {member && (
              <>
                <ActivityPill member={member} className="ml-spotlight__activity" />
                <div className="ml-spotlight__caption">
                  <MemberFacts member={member} />
                </div>
              </>
            )}
          </div>
          <span className="ml-spotlight__badge" aria-hidden="true">
            <HeartIcon size={26} />
          </span>
        </div>
        <div className="ml-spotlight__copy">
          <p className="ml-eyebrow">
            <SparklesIcon size={16} /> {text('eyebrow')}
          </p>
          <MemberLandingCopy memberId={memberId} member={member} text={text} />
        </div>
      </section>
      {member ? (
        <SimilarMembers title={text('similar')} text={text('similarText')} members={pool} />
      ) : (
        <SimilarMembersPlaceholder />
      )}
    </div>
  );
}
