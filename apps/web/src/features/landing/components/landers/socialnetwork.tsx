import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FictionalMarker } from '../../../../components/fictional-marker';
import { HeartIcon } from '../../../../components/icons';
import { LanderIntro, LanderNotice, MemberPhoto } from '../lander-parts';
import { type LanderProps, useLanderTexts, members } from './shared';

/** A social feed: members' new photos with likes. */
export default function Social({ niche, data, loading, error }: LanderProps) {
  const { t } = useTranslation('landing');
  const texts = useLanderTexts('socialnetwork', niche);
  const pool = members(data);
  return (
    <div className="lander lander--social">
      <div className="container lander-social">
        <aside className="lander-social__side">
          <LanderIntro headline={texts.headline} text={texts.promise} counts={data?.counts} />
        </aside>
        <section className="lander-social__feed" aria-label={texts.text}>
          <p className="lander-section__lead">{texts.text}</p>
          {!loading && pool.length === 0 && <LanderNotice error={error} />}
          {loading && <div className="lander-post lander-tile--skeleton" aria-hidden="true" />}
          {pool.slice(0, 6).map((member, index) => (
            <article key={member.id} className="lander-post">
              <header className="lander-post__header">
                <span className="lander-post__avatar">
                  <MemberPhoto member={member} eager={index === 0} />
                </span>
                <span>
                  <strong>
                    {member.name}, {member.age}
                  </strong>
                  {member.city && <span className="lander-post__place"> · {member.city}</span>}
                </span>
                {member.fictional && <FictionalMarker className="ms-auto" />}
              </header>
              <Link to="/signup" className="lander-post__photo" aria-label={`${member.name}, ${member.age}`}>
                <MemberPhoto member={member} eager={index === 0} />
              </Link>
              <footer className="lander-post__footer">
                <Link to="/signup" className="btn btn-outline-primary btn-sm">
                  <HeartIcon size={16} /> {t('cta')}
                </Link>
              </footer>
            </article>
          ))}
        </section>
      </div>
    </div>
  );
}
