/*
 * The time bonus's countdown as a small clock chip, for anywhere the welcome discount shows:
 * the default layout's bar and modal here, and the shop's bundle cards and order summary
 * (features/payments) beside its DiscountBadge. It renders nothing once the bonus is gone.
 */
import { useTranslation } from 'react-i18next';
import { useTimeBonus } from '../hooks/use-time-bonus';
import { formatCountdown, type Countdown } from '../rules';
import './time-bonus.scss';

/** The running countdown, ticking each second, or nothing when the member has no time bonus. */
export function TimeBonusCountdown({ className }: { className?: string }) {
  const { countdown } = useTimeBonus();
  return countdown ? <CountdownClock countdown={countdown} className={className} /> : null;
}

/** h:mm:ss as a timer: screen readers hear "ends in" with it, and are not told each second. */
export function CountdownClock({ countdown, className }: { countdown: Countdown; className?: string | undefined }) {
  const { t } = useTranslation();
  const { hours, minutes, seconds } = countdown;
  return (
    <span className={`time-bonus-clock${className ? ` ${className}` : ''}`} role="timer">
      <span className="time-bonus-clock__label">{t('timeBonus.endsIn')}</span>{' '}
      <time dateTime={`PT${hours}H${minutes}M${seconds}S`}>{formatCountdown(countdown)}</time>
    </span>
  );
}
