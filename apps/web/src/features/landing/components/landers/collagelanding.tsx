import { LanderIntro, LanderNotice, MemberGrid, MemberPhoto } from '../lander-parts';
import { type LanderProps, useLanderTexts, members } from './shared';

/** A mosaic of faces behind the promise. */
export default function Collage({ niche, data, loading, error }: LanderProps) {
  const texts = useLanderTexts('collagelanding', niche);
  const pool = members(data);
  return (
    <div className="lander lander--collage">
      <section className="lander-collage">
        <ul className="lander-collage__mosaic" aria-hidden="true">
          {(loading ? Array.from({ length: 12 }, () => null) : pool.slice(0, 12)).map((member, index) => (
            <li key={member?.id ?? index} className={member ? undefined : 'lander-tile--skeleton'}>
              {member && <MemberPhoto member={member} eager={index < 6} />}
            </li>
          ))}
        </ul>
        <div className="container lander-collage__card">
          <LanderIntro headline={texts.headline} text={texts.promise} counts={data?.counts} />
        </div>
      </section>
      <section className="container lander-section">
        <h2 className="lander-section__title">{texts.text}</h2>
        {!loading && pool.length === 0 && <LanderNotice error={error} />}
        <MemberGrid members={pool.slice(12)} loading={loading} count={8} />
      </section>
    </div>
  );
}
