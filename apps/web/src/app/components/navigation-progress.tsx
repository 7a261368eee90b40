import { PROGRESS_DURATION, PROGRESS_THROTTLE } from '@app/shared';
import { useEffect, useState, type CSSProperties } from 'react';
import { useNavigation } from 'react-router';

type Phase = 'idle' | 'running' | 'done';

/** How long the completed bar stays before it fades out. */
const SETTLE_TIME = 400;

/**
 * A thin top bar for slow navigations: it appears only after PROGRESS_THROTTLE, creeps
 * towards the end over PROGRESS_DURATION, and completes when the navigation settles.
 */
export function NavigationProgress() {
  const busy = useNavigation().state !== 'idle';
  const [phase, setPhase] = useState<Phase>('idle');

  useEffect(() => {
    if (busy) {
      const timer = setTimeout(() => setPhase('running'), PROGRESS_THROTTLE);
      return () => clearTimeout(timer);
    }
    const timer = setTimeout(() => setPhase((current) => (current === 'running' ? 'done' : 'idle')), 0);
    return () => clearTimeout(timer);
  }, [busy]);

  useEffect(() => {
    if (phase !== 'done') return;
    const timer = setTimeout(() => setPhase('idle'), SETTLE_TIME);
    return () => clearTimeout(timer);
  }, [phase]);

  if (phase === 'idle') return null;
  return (
    <div
      className={`navigation-progress navigation-progress--${phase}`}
      style={{ '--progress-duration': `${PROGRESS_DURATION}ms` } as CSSProperties}
      aria-hidden="true"
    />
  );
}
