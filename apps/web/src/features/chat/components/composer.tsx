import { useId, type ChangeEvent, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Form, useAppForm, type AppForm } from '../../../components/form';
import { CameraIcon, GiftIcon, LightbulbIcon, SendIcon } from '../../../components/icons';
import { isSendKey, lengthState } from '../rules';

/** The composer's one field: the message being written. */
export interface ComposerValues {
  body: string;
}

/** The composer's form (the form kit): the chat puts openers in and takes sent texts out. */
export type ComposerForm = AppForm<ComposerValues>;

export function useComposerForm(): ComposerForm {
  return useAppForm<ComposerValues>({ defaultValues: { body: '' } });
}

interface ComposerProps {
  partner: string;
  form: ComposerForm;
  /** The member changed the text, and some is left: they are typing. */
  onTyping: () => void;
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
 * The message field with its tools, on the form kit: Enter sends and Shift+Enter starts a new
 * line; a photo goes as soon as it is chosen; gifts and openers open their pickers. A text goes
 * out trimmed, never empty or over the length; the chat clears the field as it sends.
 */
export function Composer({
  partner,
  form,
  onTyping,
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
  const draft = useWatch({ control: form.control, name: 'body' });
  const text = draft.trim();
  const length = lengthState(draft.length, maxLength);
  const { ref, ...field } = form.register('body', {
    onChange: (event: ChangeEvent<HTMLTextAreaElement>) => {
      if (event.target.value.trim()) onTyping();
    },
  });

  async function send(values: ComposerValues) {
    const body = values.body.trim();
    if (body && lengthState(values.body.length, maxLength) !== 'over') onSendText(body);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (!isSendKey({ key: event.key, shiftKey: event.shiftKey, isComposing: event.nativeEvent.isComposing })) return;
    event.preventDefault();
    void form.submit(send)();
  }

  function handleFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // The same photo may be chosen again after a failure.
    event.target.value = '';
    if (file) onSendPhoto(file);
  }

  return (
    <Form className="chat-composer" form={form} onSubmit={send} alert={false}>
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
          {...field}
          ref={(element) => {
            ref(element);
            textareaRef.current = element;
          }}
          id={fieldId}
          className={`chat-composer__input${length === 'over' ? ' is-invalid' : ''}`}
          rows={1}
          placeholder={t('chat.composer.placeholder')}
          aria-describedby={length === 'hidden' ? undefined : counterId}
          aria-invalid={length === 'over' || undefined}
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
    </Form>
  );
}
