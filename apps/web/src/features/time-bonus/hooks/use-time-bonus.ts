import { TIME_BONUS_TICK } from '@app/shared';
import { useEffect, useState } from 'react';
import { useUser } from '../../../data/user';
import { timeBonusAt, timeBonusSecondsLeft, type TimeBonus } from '../rules';

/**
 * The logged-in member's time bonus, ticking each second while it shows (spec sections 3 and 4).
 * It follows the user query: login loads it, logout and a first purchase (paid_user) clear it,
 * and the tick stops once it has run out.
 */
export function useTimeBonus(): TimeBonus {
  const user = useUser();
  const [now, setNow] = useState(() => Date.now());
  const bonus = timeBonusAt(user, now);

  useEffect(() => {
    if (!bonus.isVisible) return;
    const timer = setInterval(() => setNow(Date.now()), TIME_BONUS_TICK);
    return () => clearInterval(timer);
  }, [bonus.isVisible]);

  return bonus;
}

/**
 * Whether the member's time bonus shows, for views that need no countdown: they re-render once,
 * when it runs out, instead of every second.
 */
export function useTimeBonusVisible(): boolean {
  const user = useUser();
  const [now, setNow] = useState(() => Date.now());
  const left = timeBonusSecondsLeft(user, now);

  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setNow(Date.now()), left * 1000);
    return () => clearTimeout(timer);
  }, [left]);

  return left > 0;
}
