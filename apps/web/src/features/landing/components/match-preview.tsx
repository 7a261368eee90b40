import { useTranslation } from 'react-i18next';
import { HeartIcon, MessageIcon } from '../../../components/icons';

/** A drawn impression of the app (cards, a match, a message): pure CSS and SVG, no photos to load. */
export function MatchPreview() {
  const { t } = useTranslation();
  return (
    <div className="match-preview" aria-hidden="true">
      <div className="match-preview__card match-preview__card--back" />
      <div className="match-preview__card match-preview__card--front">
        <div className="match-preview__photo">
          <svg viewBox="0 0 200 220" className="match-preview__silhouette">
            <circle cx="100" cy="82" r="42" />
            <path d="M22 220c4-52 38-84 78-84s74 32 78 84Z" />
          </svg>
        </div>
        <div className="match-preview__info">
          <span className="match-preview__line match-preview__line--name" />
          <span className="match-preview__line" />
        </div>
        <div className="match-preview__buttons">
          <span className="match-preview__button match-preview__button--pass">
            <svg viewBox="0 0 24 24" width="22" height="22">
              <path d="M6 6l12 12M18 6 6 18" />
            </svg>
          </span>
          <span className="match-preview__button match-preview__button--like">
            <HeartIcon size={26} />
          </span>
        </div>
      </div>
      <div className="match-preview__bubble match-preview__bubble--match">
        <HeartIcon size={16} /> {t('hero.preview.match')}
      </div>
      <div className="match-preview__bubble match-preview__bubble--message">
        <MessageIcon size={16} /> {t('hero.preview.message')}
      </div>
    </div>
  );
}
