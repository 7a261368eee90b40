import { PREMIUM_PHOTO_LIMIT } from '@app/shared';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FileInput } from '../../../components/file-input';
import { ArrowLeftIcon, CameraIcon, CrownIcon } from '../../../components/icons';
import type { OwnProfile, Photo } from '../api/contract';
import { useDeletePhoto } from '../api/delete-photo';
import { useUpdatePhotos } from '../api/update-photos';
import { useUploadPhoto } from '../api/upload-photo';
import { movePhoto } from '../../../lib/photos';
import { photoAllowance } from '../rules';
import { useErrorText } from '../../../lib/error-text';

interface PhotoManagerProps {
  profile: OwnProfile;
  paidUser: boolean;
}

/** What the last finished photo action was, for the polite status line. */
type Done = 'uploaded' | 'main' | 'moved' | 'deleted' | null;

/**
 * The member's photos: upload (the 'Browse' field), choose the main photo, move photos left or
 * right with buttons that work by keyboard, delete after a confirmation. Every change is saved
 * at once; free members are invited to premium at their limit (spec section 9).
 */
export function PhotoManager({ profile, paidUser }: PhotoManagerProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const upload = useUploadPhoto();
  const update = useUpdatePhotos();
  const remove = useDeletePhoto();
  const [inputKey, setInputKey] = useState(0);
  const [preview, setPreview] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<number | null>(null);
  const [done, setDone] = useState<Done>(null);
  const [error, setError] = useState<string | null>(null);
  const focusAfter = useRef<string | null>(null);
  const photos = profile.photos;
  const allowance = photoAllowance(photos.length, profile.photo_limit, paidUser);
  const busy = upload.isPending || update.isPending || remove.isPending;

  useEffect(() => () => revoke(preview), [preview]);

  // A finished action replaces or moves the focused control: give focus to where the member
  // continues (the same photo's button, the upload field), else to the photo count. A target
  // still disabled (a call running, or the photos not yet in their new order) is waited for.
  useEffect(() => {
    if (!focusAfter.current) return;
    const target = document.getElementById(focusAfter.current) ?? document.getElementById(COUNT_ID);
    const disabled = (target instanceof HTMLButtonElement || target instanceof HTMLInputElement) && target.disabled;
    if (!target || disabled) return;
    target.focus();
    focusAfter.current = null;
  });

  function start() {
    setError(null);
    setDone(null);
  }

  function handleFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    start();
    setPreview(typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null);
    upload.mutate(file, {
      onSuccess: () => setDone('uploaded'),
      onError: (cause) => setError(errorText(cause)),
      onSettled: () => {
        setPreview(null);
        setInputKey((key) => key + 1);
        focusAfter.current = UPLOAD_ID;
      },
    });
  }

  function handleMain(photo: Photo) {
    start();
    update.mutate(
      { main: photo.id },
      {
        onSuccess: () => {
          // The 'make main' button is gone now; the photo's delete button stays.
          focusAfter.current = deleteButtonId(photo.id);
          setDone('main');
        },
        onError: (cause) => setError(errorText(cause)),
      },
    );
  }

  function handleMove(photo: Photo, direction: -1 | 1) {
    const order = movePhoto(
      photos.map((item) => item.id),
      photo.id,
      direction,
    );
    if (!order) return;
    start();
    update.mutate(
      { order },
      {
        onSuccess: () => {
          const index = order.indexOf(photo.id);
          // At the row's end the button moving further is disabled: focus the other one.
          const side =
            (direction === -1 && index === 0) || (direction === 1 && index === order.length - 1)
              ? -direction
              : direction;
          focusAfter.current = moveButtonId(photo.id, side as -1 | 1);
          setDone('moved');
        },
        onError: (cause) => setError(errorText(cause)),
      },
    );
  }

  function handleDelete(photo: Photo) {
    start();
    remove.mutate(
      { id: photo.id },
      {
        onSuccess: () => {
          setConfirming(null);
          focusAfter.current = COUNT_ID;
          setDone('deleted');
        },
        onError: (cause) => setError(errorText(cause)),
      },
    );
  }

  return (
    <div className="photo-manager">
      <div className="photo-manager__meter">
        <span id={COUNT_ID} className="photo-manager__count" tabIndex={-1}>
          {t('profile.photos.count', { count: photos.length, limit: profile.photo_limit })}
        </span>
        <span className="photo-manager__bar" aria-hidden="true">
          <span style={{ width: `${Math.min(100, (photos.length / Math.max(profile.photo_limit, 1)) * 100)}%` }} />
        </span>
      </div>
      {photos.some((photo) => photo.pending_review) && (
        <p className="profile-form__notice" role="status">
          {t('profile.photos.pendingHint')}
        </p>
      )}
      <ul className="photo-grid" aria-label={t('profile.photos.listLabel')}>
        {photos.map((photo, index) => {
          const n = index + 1;
          return (
            <li key={photo.id} className={`photo-tile${photo.is_main ? ' photo-tile--main' : ''}`}>
              <img
                className="photo-tile__image"
                src={photo.thumb_filename}
                alt={photo.is_main ? t('profile.photos.altMain', { n }) : t('profile.photos.alt', { n })}
                loading="lazy"
              />
              {photo.is_main && (
                <span className="photo-tile__badge">
                  <StarIcon filled /> {t('profile.photos.main')}
                </span>
              )}
              {photo.pending_review && <span className="photo-tile__review">{t('profile.photos.pending')}</span>}
              <div className="photo-tile__actions">
                {!photo.is_main && (
                  <button
                    type="button"
                    className="photo-tile__action"
                    aria-label={t('profile.photos.makeMain', { n })}
                    title={t('profile.photos.makeMain', { n })}
                    disabled={busy}
                    onClick={() => handleMain(photo)}
                  >
                    <StarIcon />
                  </button>
                )}
                <button
                  id={moveButtonId(photo.id, -1)}
                  type="button"
                  className="photo-tile__action"
                  aria-label={t('profile.photos.moveLeft', { n })}
                  title={t('profile.photos.moveLeft', { n })}
                  disabled={busy || index === 0}
                  onClick={() => handleMove(photo, -1)}
                >
                  <ArrowLeftIcon size={18} />
                </button>
                <button
                  id={moveButtonId(photo.id, 1)}
                  type="button"
                  className="photo-tile__action"
                  aria-label={t('profile.photos.moveRight', { n })}
                  title={t('profile.photos.moveRight', { n })}
                  disabled={busy || index === photos.length - 1}
                  onClick={() => handleMove(photo, 1)}
                >
                  <ArrowLeftIcon size={18} className="photo-tile__flip" />
                </button>
                <button
                  id={deleteButtonId(photo.id)}
                  type="button"
                  className="photo-tile__action photo-tile__action--danger"
                  aria-label={t('profile.photos.delete', { n })}
                  title={t('profile.photos.delete', { n })}
                  disabled={busy}
                  onClick={() => setConfirming(photo.id)}
                >
                  <TrashIcon />
                </button>
              </div>
              {confirming === photo.id && (
                <DeleteConfirm
                  n={n}
                  pending={remove.isPending}
                  onConfirm={() => handleDelete(photo)}
                  onCancel={() => {
                    focusAfter.current = deleteButtonId(photo.id);
                    setConfirming(null);
                  }}
                />
              )}
            </li>
          );
        })}
        {upload.isPending && (
          <li className="photo-tile photo-tile--pending" aria-busy="true">
            {preview && <img className="photo-tile__image" src={preview} alt="" />}
            <span className="photo-tile__pending">
              <span className="spinner-border spinner-border-sm" aria-hidden="true" />
              {t('profile.photos.uploading')}
            </span>
          </li>
        )}
        {allowance === 'upload' && !upload.isPending && (
          <li className="photo-tile photo-tile--add">
            <span className="photo-tile__add-icon" aria-hidden="true">
              <CameraIcon size={28} />
            </span>
            <FileInput
              key={inputKey}
              id={UPLOAD_ID}
              label={photos.length === 0 ? t('profile.photos.addFirst') : t('profile.photos.add')}
              name="file"
              accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
              disabled={busy}
              onChange={handleFile}
            />
          </li>
        )}
      </ul>
      <p className="photo-manager__hint">{t('profile.photos.hint')}</p>
      {allowance === 'premium' && (
        <div className="photo-manager__premium">
          <span className="photo-manager__premium-icon" aria-hidden="true">
            <CrownIcon size={22} />
          </span>
          <p className="mb-0">
            <strong>{t('profile.photos.limitTitle', { limit: profile.photo_limit })}</strong>{' '}
            {t('profile.photos.limitText', { premium: PREMIUM_PHOTO_LIMIT })}
          </p>
          <Link to="/premium" className="btn btn-sm btn-primary">
            {t('profile.photos.limitAction')}
          </Link>
        </div>
      )}
      {allowance === 'full' && (
        <p className="photo-manager__hint">{t('profile.photos.full', { limit: profile.photo_limit })}</p>
      )}
      {error && (
        <div className="alert alert-danger mb-0" role="alert">
          {error}
        </div>
      )}
      <p role="status" className="visually-hidden">
        {upload.isPending ? t('profile.photos.uploading') : done ? t(`profile.photos.done.${done}`) : ''}
      </p>
    </div>
  );
}

/** Ids of the controls focus returns to; one photo manager shows per page. */
const COUNT_ID = 'photo-count';
const UPLOAD_ID = 'photo-upload';

function deleteButtonId(photoId: number): string {
  return `photo-${photoId}-delete`;
}

function moveButtonId(photoId: number, direction: -1 | 1): string {
  return `photo-${photoId}-${direction === -1 ? 'left' : 'right'}`;
}

function revoke(url: string | null): void {
  if (url && typeof URL.revokeObjectURL === 'function') URL.revokeObjectURL(url);
}

/** Asks before a photo goes for good; Escape or 'Cancel' keeps it. */
function DeleteConfirm({
  n,
  pending,
  onConfirm,
  onCancel,
}: {
  n: number;
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => cancel.current?.focus(), []);
  return (
    <div
      className="photo-tile__confirm"
      role="group"
      aria-label={t('profile.photos.delete', { n })}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onCancel();
      }}
    >
      <p className="photo-tile__confirm-text">{t('profile.photos.confirmDelete')}</p>
      <button type="button" className="btn btn-sm btn-danger" disabled={pending} onClick={onConfirm}>
        {t('profile.photos.confirmYes')}
      </button>
      <button ref={cancel} type="button" className="btn btn-sm btn-light" onClick={onCancel}>
        {t('profile.photos.cancel')}
      </button>
    </div>
  );
}

function StarIcon({ filled = false }: { filled?: boolean }) {
  return (
    <svg
      width={16}
      height={16}
      viewBox="0 0 24 24"
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth={2}
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="m12 3 2.8 5.7 6.2.9-4.5 4.4 1 6.2L12 17.3 6.5 20.2l1-6.2L3 9.6l6.2-.9Z" />
    </svg>
  );
}

function TrashIcon() {
  return (
    <svg
      width={17}
      height={17}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M4 7h16M9 7V4h6v3m-9 0 1 13h10l1-13M10 11v6m4-6v6" />
    </svg>
  );
}
