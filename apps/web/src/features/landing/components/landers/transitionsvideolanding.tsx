import { LanderIntro, LanderNotice, MemberGrid, MemberPhoto } from '../lander-parts';
import { type LanderProps, useLanderTexts, members } from './shared';

/** Full-bleed faces crossfading like a film, the promise over them. */
export default function Transitions({ niche, data, loading, error }: LanderProps) {
  const texts = useLanderTexts('transitionsvideolanding', niche);
  const pool = members(data).slice(0, 6);
  return (
    <div className="lander lander--film">
      <section className="lander-film">
        <div className="lander-film__frames" aria-hidden="true">
          {pool.map((member, index) => (
            <span key={member.id} className="lander-film__frame" style={{ animationDelay: `${index * 4}s` }}>
              <MemberPhoto member={member} eager={index === 0} />
            </span>
          ))}
        </div>
        <div className="container lander-film__copy">
          <LanderIntro headline={texts.headline} text={texts.promise} counts={data?.counts} />
        </div>
      </section>
      <section className="container lander-section">
        <h2 className="lander-section__title">{texts.text}</h2>
        {!loading && pool.length === 0 && <LanderNotice error={error} />}
        <MemberGrid members={members(data)} loading={loading} count={8} />
      </section>
    </div>
  );
}
