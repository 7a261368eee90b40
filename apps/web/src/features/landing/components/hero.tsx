import { Link } from 'react-router';
import { CheckIcon, HeartIcon } from '../../../components/icons';
import './landing.scss';
import { MatchPreview } from './match-preview';

export interface HeroAction {
  to: string;
  label: string;
}

interface HeroProps {
  eyebrow: string;
  title: string;
  text: string;
  primary: HeroAction;
  secondary?: HeroAction;
  /** Short reassurances under the buttons. */
  notes: string[];
}

/** The page-opening hero of the home and landing pages: the promise, the way in, an illustration. */
export function Hero({ eyebrow, title, text, primary, secondary, notes }: HeroProps) {
  return (
    <section className="hero">
      <div className="container hero__inner">
        <div className="hero__copy">
          <p className="hero__eyebrow">
            <HeartIcon size={16} /> {eyebrow}
          </p>
          <h1 className="hero__title">{title}</h1>
          <p className="hero__text">{text}</p>
          <div className="hero__actions">
            <Link className="btn btn-primary btn-lg" to={primary.to}>
              {primary.label}
            </Link>
            {secondary && (
              <Link className="btn btn-outline-secondary btn-lg" to={secondary.to}>
                {secondary.label}
              </Link>
            )}
          </div>
          <ul className="hero__notes">
            {notes.map((note) => (
              <li key={note}>
                <CheckIcon size={16} /> {note}
              </li>
            ))}
          </ul>
        </div>
        <MatchPreview />
      </div>
    </section>
  );
}
