import { MapPinIcon } from '../../../../components/icons';
import { LanderIntro, LanderNotice, MemberGrid, MemberPhoto } from '../lander-parts';
import { type LanderProps, useLanderTexts, members } from './shared';

/** Pins around the visitor, nearest first; positions come from the order, not from real places. */
function pinPosition(index: number): { left: string; top: string } {
  const angle = index * 2.4;
  const radius = 18 + (index % 4) * 9;
  return { left: `${50 + Math.cos(angle) * radius}%`, top: `${50 + Math.sin(angle) * radius * 0.9}%` };
}

/** Singles near you, on a stylised radar. */
export default function MapLander({ niche, data, loading, error }: LanderProps) {
  const texts = useLanderTexts('maplanding', niche);
  const pool = members(data);
  return (
    <div className="lander lander--map">
      <section className="container lander-map__hero">
        <LanderIntro headline={texts.headline} text={texts.promise} counts={data?.counts} />
        <div className="lander-map__radar" aria-hidden="true">
          <span className="lander-map__ring lander-map__ring--1" />
          <span className="lander-map__ring lander-map__ring--2" />
          <span className="lander-map__ring lander-map__ring--3" />
          <span className="lander-map__you">
            <MapPinIcon size={22} />
          </span>
          {pool.slice(0, 9).map((member, index) => (
            <span key={member.id} className="lander-map__pin" style={pinPosition(index)}>
              <MemberPhoto member={member} eager />
              <span className="lander-map__label">{member.city ?? member.name}</span>
            </span>
          ))}
        </div>
      </section>
      <section className="container lander-section">
        <h2 className="lander-section__title">{texts.text}</h2>
        {!loading && pool.length === 0 && <LanderNotice error={error} />}
        <MemberGrid members={pool} loading={loading} count={8} />
      </section>
    </div>
  );
}
