import { TIME_BONUS_PERCENT } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GiftIcon } from '../../../components/icons';
import { useUser } from '../../../data/user';
import { welcomeDiscountQueryOptions } from '../api/get-welcome-discount';
import { useTimeBonus } from '../hooks/use-time-bonus';
import { CountdownClock } from './time-bonus-countdown';
import { TimeBonusModal } from './time-bonus-modal';
import './time-bonus.scss';

/**
 * The time bonus of a member who has not paid (spec sections 3 and 4): a compact countdown chip
 * in the top bar while it runs, which opens the time-bonus modal, the welcome discount loaded
 * beside it, and the modal's own opening after 40 s.
 */
export function TimeBonus() {
  const { t } = useTranslation();
  const user = useUser();
  const bonus = useTimeBonus();
  const [asked, setAsked] = useState(false);
  // Login loads the welcome discount with the bonus; its percentage is the one the shop applies.
  const discount = useQuery(welcomeDiscountQueryOptions(user?.profile.id ?? 0, user !== null && bonus.isVisible)).data;
  if (!user || !bonus.isVisible || !bonus.countdown) return null;
  const percent = discount?.value_percentage ?? TIME_BONUS_PERCENT;
  return (
    <>
      <button
        type="button"
        id="time-bonus"
        className="time-bonus-chip"
        aria-haspopup="dialog"
        onClick={() => setAsked(true)}
      >
        <GiftIcon size={16} />
        <span className="time-bonus-chip__title">{t('timeBonus.chip', { percent })}</span>
        <CountdownClock countdown={bonus.countdown} />
      </button>
      <TimeBonusModal
        bonus={bonus}
        percent={percent}
        credits={user.credits}
        asked={asked}
        onClosed={() => setAsked(false)}
      />
    </>
  );
}
