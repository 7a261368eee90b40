import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FictionalMarker } from '../../../../components/fictional-marker';
import { MessageIcon } from '../../../../components/icons';
import { LanderIntro, LanderNotice, MemberGrid, MemberPhoto } from '../lander-parts';
import { type LanderProps, useLanderTexts, members } from './shared';

/** A call screen: a member would like to talk. */
export default function VideoLander({ niche, data, loading, error }: LanderProps) {
  const { t } = useTranslation('landing');
  const texts = useLanderTexts('video', niche);
  const pool = members(data);
  const caller = pool.find((member) => member.online) ?? pool[0];
  return (
    <div className="lander lander--video">
      <section className="container lander-video__hero">
        <LanderIntro headline={texts.headline} text={texts.promise} counts={data?.counts} />
        <div className="lander-video__phone">
          {caller ? (
            <>
              <span className="lander-video__screen">
                <MemberPhoto member={caller} eager />
              </span>
              <p className="lander-video__caller">{t('landers.video.calling', { member: caller.name })}</p>
              <div className="lander-video__buttons">
                <Link to="/signup" className="lander-video__accept">
                  <MessageIcon size={24} />
                  <span>{t('landers.video.accept')}</span>
                </Link>
              </div>
              {caller.fictional && <FictionalMarker className="lander-video__fictional" />}
            </>
          ) : (
            <span className="lander-video__screen lander-tile--skeleton" />
          )}
        </div>
      </section>
      <section className="container lander-section">
        <h2 className="lander-section__title">{texts.text}</h2>
        {!loading && pool.length === 0 && <LanderNotice error={error} />}
        <MemberGrid members={pool.filter((m) => m !== caller)} loading={loading} count={8} />
      </section>
    </div>
  );
}
