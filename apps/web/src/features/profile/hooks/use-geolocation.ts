import { GEOLOCATION_MAX_AGE } from '@app/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api';
import { errorText } from '../../../lib/error-text';
import { writeStorage } from '../../../lib/storage';
import type { Geocode } from '../api/contract';
import { getGeocode } from '../api/get-geocode';
import { GEOCODE_STORAGE_KEY, geolocationPermission, serializeGeocode, type GeolocationPermission } from '../rules';

/** How long the browser may take to find a position before we give up. */
const POSITION_TIMEOUT = 20_000;

export type LocateStatus = 'idle' | 'locating' | 'found' | 'failed';

function supportsGeolocation(): boolean {
  return typeof navigator !== 'undefined' && 'geolocation' in navigator;
}

function currentPosition(): Promise<GeolocationPosition> {
  return new Promise((resolve, reject) => {
    navigator.geolocation.getCurrentPosition(resolve, reject, {
      maximumAge: GEOLOCATION_MAX_AGE,
      timeout: POSITION_TIMEOUT,
      enableHighAccuracy: false,
    });
  });
}

function isPositionError(error: unknown): error is GeolocationPositionError {
  return (
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    typeof error.code === 'number' &&
    !(error instanceof ApiError)
  );
}

/**
 * 'Use my location' (spec sections 4 and 7): the browser's position (a cached one up to an hour
 * old is fine), resolved by GET /api/geocode.php to a served place. The result is stored as the
 * geolocation geocode, or false on any failure, and handed to the caller to fill the form.
 */
export function useGeolocation() {
  const { t } = useTranslation();
  const supported = supportsGeolocation();
  const [browserState, setBrowserState] = useState<PermissionState | null>(null);
  const [status, setStatus] = useState<LocateStatus>('idle');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!supported || typeof navigator.permissions?.query !== 'function') return;
    let permission: PermissionStatus | null = null;
    const handleChange = () => permission && setBrowserState(permission.state);
    navigator.permissions
      .query({ name: 'geolocation' })
      .then((result) => {
        permission = result;
        setBrowserState(result.state);
        result.addEventListener('change', handleChange);
      })
      // Some browsers cannot tell; the state stays 'unknown'.
      .catch(() => undefined);
    return () => permission?.removeEventListener('change', handleChange);
  }, [supported]);

  const permission: GeolocationPermission = geolocationPermission(supported, browserState);

  function fail(message: string): null {
    writeStorage('local', GEOCODE_STORAGE_KEY, serializeGeocode(false));
    setError(message);
    setStatus('failed');
    return null;
  }

  async function locate(): Promise<Geocode | null> {
    if (!supported) return fail(t('profile.location.unsupported'));
    setStatus('locating');
    setError(null);
    try {
      const position = await currentPosition();
      const { geocode } = await getGeocode(position.coords.latitude, position.coords.longitude);
      writeStorage('local', GEOCODE_STORAGE_KEY, serializeGeocode(geocode));
      setStatus('found');
      return geocode;
    } catch (cause) {
      if (cause instanceof ApiError) {
        return fail(errorText(cause, t('auth.errors.generic')));
      }
      if (isPositionError(cause) && cause.code === 1) {
        setBrowserState('denied');
        return fail(t('profile.location.denied'));
      }
      return fail(t('profile.location.positionFailed'));
    }
  }

  return { permission, status, error, locate };
}
