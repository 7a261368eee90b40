import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EVERYDAY_INTEREST_PATHS, InterestGlyph } from '../../../../components/interest-glyph';
import { LanderIntro, LanderNotice, MemberGrid } from '../lander-parts';
import { type LanderProps, useLanderTexts, members } from './shared';

/** Interests first: each leads to signup, where members are matched on them. */
export default function Icons({ niche, data, loading, error }: LanderProps) {
  const { t } = useTranslation('landing');
  const texts = useLanderTexts('iconslanding', niche);
  const pool = members(data);
  return (
    <div className="lander lander--icons">
      <section className="container lander-icons__hero">
        <LanderIntro headline={texts.headline} text={texts.promise} counts={data?.counts} />
        <ul className="lander-icons__list">
          {Object.keys(EVERYDAY_INTEREST_PATHS).map((key) => (
            <li key={key}>
              <Link to="/signup" className="lander-icons__chip">
                <InterestGlyph paths={EVERYDAY_INTEREST_PATHS} name={key} size={26} />
                <span>{t(`interests.${key}`)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <section className="container lander-section">
        <h2 className="lander-section__title">{texts.text}</h2>
        {!loading && pool.length === 0 && <LanderNotice error={error} />}
        <MemberGrid members={pool} loading={loading} count={8} />
      </section>
    </div>
  );
}
