import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { startLive } from '../../lib/live';
import { useAppBadge } from '../hooks/use-app-badge';

/** The live channel and the app badge of a logged-in member; closes both when it unmounts. */
export function LiveChannel() {
  const queryClient = useQueryClient();
  useEffect(() => startLive(queryClient), [queryClient]);
  useAppBadge();
  return null;
}
