import { useId, type ChangeEvent, type FormEvent, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { CameraIcon, GiftIcon, LightbulbIcon, SendIcon } from '../../../components/icons';
import { isSendKey, lengthState } from '../rules';

interface ComposerProps {
  partner: string;
  draft: string;
  onDraftChange: (text: string) => void;
  maxLength: number;
  photoCredits: number;
  /** Busy with a photo upload: no second one until it is answered. */
  uploading: boolean;
  onSendText: (text: string) => void;
  onSendPhoto: (file: File) => void;
  onOpenGifts: () => void;
  onOpenIcebreakers: () => void;
  /** What sending costs, and why the last send failed, shown under the field. */
  notes: ReactNode;
  textareaRef: RefObject<HTMLTextAreaElement | null>;
}

/**
 * The message field with its tools: Enter sends and Shift+Enter starts a new line; a photo
 * goes as soon as it is chosen; gifts and openers open their pickers.
 */
export function Composer({
  partner,
  draft,
  onDraftChange,
  maxLength,
  photoCredits,
  uploading,
  onSendText,
  onSendPhoto,
  onOpenGifts,
  onOpenIcebreakers,
  notes,
  textareaRef,
}: ComposerProps) {
  const { t } = useTranslation();
  const fieldId = useId();
  const fileId = useId();
  const counterId = useId();
  const text = draft.trim();
  const length = lengthState(draft.length, maxLength);

  function send() {
    if (text && length !== 'over') onSendText(text);
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    send();
  }

  function handleKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (!isSendKey({ key: event.key, shiftKey: event.shiftKey, isComposing: event.nativeEvent.isComposing })) return;
    event.preventDefault();
    send();
  }

  function handleFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // The same photo may be chosen again after a failure.
    event.target.value = '';
    if (file) onSendPhoto(file);
  }

  return (
    <form className="chat-composer" onSubmit={handleSubmit}>
      <div className="chat-composer__tools">
        <input
          id={fileId}
          type="file"
          accept="image/*"
          className="chat-composer__file"
          onChange={handleFile}
          disabled={uploading}
        />
        <label htmlFor={fileId} className="chat-tool" title={t('chat.composer.photo', { count: photoCredits })}>
          <CameraIcon size={20} />
          <span className="visually-hidden">
            {uploading ? t('chat.composer.uploading') : t('chat.composer.photo', { count: photoCredits })}
          </span>
        </label>
        <button type="button" className="chat-tool" onClick={onOpenGifts} title={t('chat.composer.gift')}>
          <GiftIcon size={20} />
          <span className="visually-hidden">{t('chat.composer.gift')}</span>
        </button>
        <button type="button" className="chat-tool" onClick={onOpenIcebreakers} title={t('chat.composer.icebreakers')}>
          <LightbulbIcon size={20} />
          <span className="visually-hidden">{t('chat.composer.icebreakers')}</span>
        </button>
      </div>
      <div className="chat-composer__field">
        <label htmlFor={fieldId} className="visually-hidden">
          {t('chat.composer.label', { name: partner })}
        </label>
        <textarea
          ref={textareaRef}
          id={fieldId}
          className={`chat-composer__input${length === 'over' ? ' is-invalid' : ''}`}
          rows={1}
          value={draft}
          placeholder={t('chat.composer.placeholder')}
          aria-describedby={length === 'hidden' ? undefined : counterId}
          aria-invalid={length === 'over' || undefined}
          onChange={(event) => onDraftChange(event.target.value)}
          onKeyDown={handleKeyDown}
        />
        {length !== 'hidden' && (
          <span id={counterId} className={`chat-composer__counter chat-composer__counter--${length}`}>
            {t('chat.composer.counter', { length: draft.length, max: maxLength })}
          </span>
        )}
      </div>
      <button type="submit" className="chat-send" disabled={!text || length === 'over'}>
        <SendIcon size={20} />
        <span className="visually-hidden">{t('chat.composer.send')}</span>
      </button>
      <div className="chat-composer__notes">{notes}</div>
    </form>
  );
}
