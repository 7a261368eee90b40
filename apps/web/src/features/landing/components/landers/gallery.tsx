import { useTranslation } from 'react-i18next';
import { LanderCta, LanderIntro, LanderNotice, MemberGrid } from '../lander-parts';
import { type LanderProps, useLanderTexts, members } from './shared';

/** A gallery of member cards, the rest behind signup. */
export default function Gallery({ niche, data, loading, error }: LanderProps) {
  const { t } = useTranslation('landing');
  const texts = useLanderTexts('gallery', niche);
  const pool = members(data);
  return (
    <div className="lander lander--gallery">
      <section className="container lander-gallery__hero">
        <LanderIntro headline={texts.headline} text={texts.promise} counts={data?.counts} />
      </section>
      <section className="container lander-section">
        <p className="lander-section__lead">{texts.text}</p>
        {!loading && pool.length === 0 && <LanderNotice error={error} />}
        <MemberGrid members={pool} loading={loading} count={12} className="lander-grid--gallery" />
        <div className="lander-more">
          <p>{t('more')}</p>
          <LanderCta label={t('seeAll')} />
        </div>
      </section>
    </div>
  );
}
