import { LanderIntro, LanderNotice, MemberGrid, MemberPhoto } from '../lander-parts';
import { type LanderProps, useLanderTexts, members } from './shared';

/** Dark and urgent: who is online tonight. */
export default function AloneTonight({ niche, data, loading, error }: LanderProps) {
  const texts = useLanderTexts('alonetonight', niche);
  const online = [...members(data)].sort((a, b) => Number(b.online) - Number(a.online));
  return (
    <div className="lander lander--night">
      <section className="container lander-night__hero">
        <LanderIntro headline={texts.headline} text={texts.promise} counts={data?.counts} />
        <ul className="lander-night__avatars" aria-hidden="true">
          {online.slice(0, 5).map((member) => (
            <li key={member.id}>
              <MemberPhoto member={member} eager />
              {member.online && <span className="lander-dot lander-dot--pulse" />}
            </li>
          ))}
        </ul>
      </section>
      <section className="container lander-section">
        <h2 className="lander-section__title">{texts.text}</h2>
        {!loading && online.length === 0 && <LanderNotice error={error} />}
        <MemberGrid members={online} loading={loading} count={8} />
      </section>
    </div>
  );
}
