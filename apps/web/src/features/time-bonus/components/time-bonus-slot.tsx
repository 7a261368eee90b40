import { lazy, Suspense } from 'react';
import { loadMemberTexts } from '../../../lib/i18n';
import { useUser } from '../../../data/user';

// Visitors and paid members never load the time-bonus code; the rest get it with the
// members-area texts it speaks.
const TimeBonus = lazy(() =>
  Promise.all([import('./time-bonus'), loadMemberTexts()]).then(([module]) => ({ default: module.TimeBonus })),
);

/**
 * The time-bonus chip and modal of the default layout's top bar (spec sections 2 and 4), for
 * logged-in members who have not paid yet: only they can have a time bonus.
 */
export function TimeBonusSlot() {
  const user = useUser();
  if (!user || user.paid_user) return null;
  return (
    <Suspense fallback={null}>
      <TimeBonus />
    </Suspense>
  );
}
