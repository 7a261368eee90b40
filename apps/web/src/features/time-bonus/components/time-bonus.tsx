import { TIME_BONUS_PERCENT } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { GiftIcon } from '../../../components/icons';
import { useUser } from '../../../data/user';
import { welcomeDiscountQueryOptions } from '../api/get-welcome-discount';
import { useTimeBonus } from '../hooks/use-time-bonus';
import type { Countdown } from '../rules';
import { SHOP_PATH } from '../shop-path';
import { CountdownClock } from './time-bonus-countdown';
import { TimeBonusModal } from './time-bonus-modal';
import './time-bonus.scss';

/**
 * The time bonus of a member who has not paid (spec sections 3 and 4): a slim bar with the
 * countdown on every default-layout page while it runs, the welcome discount loaded beside it,
 * and the time-bonus modal.
 */
export function TimeBonus() {
  const user = useUser();
  const bonus = useTimeBonus();
  // Login loads the welcome discount with the bonus; its percentage is the one the shop applies.
  const discount = useQuery(welcomeDiscountQueryOptions(user?.profile.id ?? 0, user !== null && bonus.isVisible)).data;
  if (!user || !bonus.isVisible || !bonus.countdown) return null;
  const percent = discount?.value_percentage ?? TIME_BONUS_PERCENT;
  return (
    <>
      <TimeBonusBar countdown={bonus.countdown} percent={percent} />
      <TimeBonusModal bonus={bonus} percent={percent} credits={user.credits} />
    </>
  );
}

/** The slim bar under the top bar: the bonus, its countdown and the way to the shop. */
function TimeBonusBar({ countdown, percent }: { countdown: Countdown; percent: number }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <aside id="time-bonus" className="time-bonus-bar" aria-label={t('timeBonus.label')}>
      <div className="container time-bonus-bar__inner">
        <span className="time-bonus-bar__icon" aria-hidden="true">
          <GiftIcon size={18} />
        </span>
        <div className="time-bonus-bar__main">
          <p className="time-bonus-bar__text">
            <strong>{t('timeBonus.bar.title', { percent })}</strong>{' '}
            <span className="time-bonus-bar__detail">{t('timeBonus.bar.text')}</span>
          </p>
          <CountdownClock countdown={countdown} />
        </div>
        {pathname !== SHOP_PATH && (
          <Link to={SHOP_PATH} className="btn btn-sm btn-honey time-bonus-bar__action">
            {t('timeBonus.bar.action')}
          </Link>
        )}
      </div>
    </aside>
  );
}
