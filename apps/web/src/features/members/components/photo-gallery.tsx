import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import {
  CameraIcon,
  ChevronLeftIcon,
  ChevronRightIcon,
  CloseIcon,
  ExpandIcon,
  LockIcon,
} from '../../../components/icons';
import type { Photo } from '../api/contract';
import { lockedTiles, stepPhoto } from '../rules';

interface PhotoGalleryProps {
  name: string;
  photos: Photo[];
  /** Photos this viewer may not see: shown as blurred tiles, their addresses never sent. */
  lockedPhotos: number;
}

/**
 * The profile's photos: a large one with previous/next (buttons and arrow keys), thumbnails to
 * pick from (with tiles for the locked ones), and a lightbox to see them whole.
 */
export function PhotoGallery({ name, photos, lockedPhotos }: PhotoGalleryProps) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const [lightbox, setLightbox] = useState(false);
  const openerRef = useRef<HTMLButtonElement>(null);
  const count = photos.length;
  const current = photos[Math.min(index, count - 1)];
  const tiles = lockedTiles(lockedPhotos);

  function step(delta: number) {
    setIndex((i) => stepPhoto(i, delta, count));
  }

  function handleKeyDown(event: KeyboardEvent) {
    if (count < 2) return;
    if (event.key === 'ArrowLeft') step(-1);
    else if (event.key === 'ArrowRight') step(1);
    else return;
    event.preventDefault();
  }

  function handleClose() {
    setLightbox(false);
    requestAnimationFrame(() => openerRef.current?.focus());
  }

  return (
    <section className="member-gallery" aria-label={t('memberView.photos')} onKeyDown={handleKeyDown}>
      <div className="member-gallery__stage">
        {current ? (
          <>
            <button
              ref={openerRef}
              type="button"
              className="member-gallery__open"
              onClick={() => setLightbox(true)}
              aria-label={t('memberView.enlarge', { n: index + 1, total: count })}
            >
              <img src={current.filename} alt={t('memberView.photoAlt', { name, n: index + 1 })} />
              <span className="member-gallery__expand" aria-hidden="true">
                <ExpandIcon size={18} />
              </span>
            </button>
            {count > 1 && (
              <>
                <button
                  type="button"
                  className="member-gallery__nav member-gallery__nav--prev"
                  onClick={() => step(-1)}
                  aria-label={t('memberView.previous')}
                >
                  <ChevronLeftIcon size={22} />
                </button>
                <button
                  type="button"
                  className="member-gallery__nav member-gallery__nav--next"
                  onClick={() => step(1)}
                  aria-label={t('memberView.next')}
                >
                  <ChevronRightIcon size={22} />
                </button>
                <span className="member-gallery__count" aria-live="polite">
                  {t('memberView.photoOf', { n: index + 1, total: count })}
                </span>
              </>
            )}
          </>
        ) : (
          <div className="member-gallery__empty">
            <span className="member-gallery__initial" aria-hidden="true">
              {name.trim().charAt(0).toUpperCase() || '?'}
            </span>
            <span className="member-gallery__empty-text">
              <CameraIcon size={18} /> {t('memberView.noPhoto')}
            </span>
          </div>
        )}
      </div>

      {(count > 1 || tiles > 0) && (
        <ul className="member-gallery__thumbs">
          {count > 1 &&
            photos.map((photo, i) => (
              <li key={photo.id}>
                <button
                  type="button"
                  className="member-gallery__thumb"
                  aria-current={i === index ? 'true' : undefined}
                  aria-label={t('memberView.showPhoto', { n: i + 1, total: count })}
                  onClick={() => setIndex(i)}
                >
                  <img src={photo.thumb_filename} alt="" loading="lazy" />
                </button>
              </li>
            ))}
          {Array.from({ length: tiles }, (_, i) => (
            <li key={`locked-${i}`} aria-hidden="true">
              <span className={`member-gallery__thumb member-gallery__thumb--locked member-gallery__thumb--tone${i}`}>
                <LockIcon size={18} />
                {i === tiles - 1 && lockedPhotos > tiles && (
                  <span className="member-gallery__more">+{lockedPhotos - tiles + 1}</span>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}

      {lightbox && current && (
        <Lightbox name={name} photos={photos} index={index} onStep={step} onClose={handleClose} />
      )}
    </section>
  );
}

interface LightboxProps {
  name: string;
  photos: Photo[];
  index: number;
  onStep: (delta: number) => void;
  onClose: () => void;
}

/** The photos full size in a dialog: Escape closes, the arrow keys page, focus stays inside. */
function Lightbox({ name, photos, index, onStep, onClose }: LightboxProps) {
  const { t } = useTranslation();
  const photo = photos[index]!;
  const count = photos.length;

  // On the document: the focus rests on the dialog's outer element, above what the Modal's own
  // props reach, and preact does not pass a portal's events on to the components around it.
  useEffect(() => {
    if (count < 2) return;
    function handleKeyDown(event: globalThis.KeyboardEvent) {
      if (event.key === 'ArrowLeft') onStep(-1);
      else if (event.key === 'ArrowRight') onStep(1);
      else return;
      event.preventDefault();
    }
    document.addEventListener('keydown', handleKeyDown);
    return () => document.removeEventListener('keydown', handleKeyDown);
  }, [count, onStep]);

  return (
    <Modal
      show
      onHide={onClose}
      fullscreen
      restoreFocus={false}
      contentClassName="member-lightbox"
      aria-labelledby="member-lightbox-title"
    >
      <div className="member-lightbox__bar">
        <h2 id="member-lightbox-title" className="member-lightbox__title">
          {t('memberView.lightboxTitle', { name })}
          {count > 1 && <span> · {t('memberView.photoOf', { n: index + 1, total: count })}</span>}
        </h2>
        <button type="button" className="member-lightbox__close" onClick={onClose} aria-label={t('memberView.close')}>
          <CloseIcon size={22} />
        </button>
      </div>
      <div className="member-lightbox__stage">
        <img src={photo.filename} alt={t('memberView.photoAlt', { name, n: index + 1 })} />
        {count > 1 && (
          <>
            <button
              type="button"
              className="member-lightbox__nav member-lightbox__nav--prev"
              onClick={() => onStep(-1)}
              aria-label={t('memberView.previous')}
            >
              <ChevronLeftIcon size={28} />
            </button>
            <button
              type="button"
              className="member-lightbox__nav member-lightbox__nav--next"
              onClick={() => onStep(1)}
              aria-label={t('memberView.next')}
            >
              <ChevronRightIcon size={28} />
            </button>
          </>
        )}
      </div>
    </Modal>
  );
}
