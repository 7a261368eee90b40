import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation, useNavigate, useNavigation } from 'react-router';
import { userQueryOptions } from '../../data/user';
import { loginPath } from '../rules';
import { useCurrentRoute } from './use-current-route';

/**
 * Sends someone who is no longer logged in (logout, an expired session seen by any API call)
 * from a members-only page to the login page. Route loaders guard the way in; this guards
 * the pages already open.
 */
export function useAuthRedirect(): void {
  const { data } = useQuery(userQueryOptions());
  const route = useCurrentRoute();
  const navigation = useNavigation();
  const location = useLocation();
  const navigate = useNavigate();
  const loggedOut = data !== undefined && data.user === null;
  const mustLeave = loggedOut && Boolean(route?.auth) && navigation.state === 'idle';

  useEffect(() => {
    if (mustLeave) void navigate(loginPath(location.pathname + location.search), { replace: true });
  }, [mustLeave, navigate, location.pathname, location.search]);
}
