import { useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { GiftIcon } from '../../../components/icons';
import { useGiftName } from '../../../data/gift-name';
import type { Gift } from '../api/contract';
import { useGifts } from '../api/get-gifts';

interface GiftPickerProps {
  /** The partner's name, for the title. */
  name: string;
  /** While a gift is on its way the picker waits, its buttons off. */
  sending?: boolean;
  /** Why the last send failed, when the picker stays open for another try. */
  error?: string | null;
  onSend: (gift: Gift) => void;
  onClose: () => void;
}

/**
 * The gift catalogue as a grid (picture, name, price): choosing a gift selects it, the send
 * button below says which and what it costs. Every gift is a button, so it all works by keyboard.
 */
export function GiftPicker({ name, sending = false, error = null, onSend, onClose }: GiftPickerProps) {
  const { t } = useTranslation();
  const gifts = useGifts();
  const giftName = useGiftName();
  const [chosen, setChosen] = useState<Gift | null>(null);

  return (
    <Modal show onHide={sending ? () => undefined : onClose} centered aria-labelledby="gift-picker-title">
      <Modal.Header closeButton={!sending} closeLabel={t('chat.prompt.close')}>
        <h2 id="gift-picker-title" className="chat-dialog__title mb-0">
          {t('chat.gifts.title', { name })}
        </h2>
      </Modal.Header>
      <Modal.Body>
        {gifts.isError && (
          <div role="alert" className="chat-state">
            <p className="mb-2">{t('chat.gifts.loadError')}</p>
            <button type="button" className="btn btn-outline-primary btn-sm" onClick={() => void gifts.refetch()}>
              {t('chat.retry')}
            </button>
          </div>
        )}
        {!gifts.data && !gifts.isError && (
          <p role="status" className="text-body-secondary">
            {t('chat.gifts.loading')}
          </p>
        )}
        {gifts.data && (
          <ul className="gift-grid" aria-label={t('chat.gifts.choose')}>
            {gifts.data.gifts.map((gift) => (
              <li key={gift.key}>
                <button
                  type="button"
                  className={`gift-option${chosen?.key === gift.key ? ' gift-option--chosen' : ''}`}
                  aria-pressed={chosen?.key === gift.key}
                  disabled={sending}
                  onClick={() => setChosen(gift)}
                >
                  <img src={gift.image} alt="" width={64} height={64} className="gift-option__image" />
                  <span className="gift-option__name">{giftName(gift)}</span>
                  <span className="gift-option__price">{t('chat.gifts.price', { count: gift.credits })}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
        {error && (
          <p className="chat-error" role="alert">
            {error}
          </p>
        )}
      </Modal.Body>
      <Modal.Footer>
        <button
          type="button"
          className="btn btn-primary gift-send"
          disabled={!chosen || sending}
          onClick={() => chosen && onSend(chosen)}
        >
          <GiftIcon size={18} />
          {sending
            ? t('chat.sending')
            : chosen
              ? t('chat.gifts.send', { gift: giftName(chosen), count: chosen.credits })
              : t('chat.gifts.choose')}
        </button>
      </Modal.Footer>
    </Modal>
  );
}
