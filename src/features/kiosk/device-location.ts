import { useCallback, useEffect, useRef } from 'react';

/**
 * The most a shift or a report waits for the device's position: a kiosk without one records the
 * shift, or sends the report, anyway.
 */
const LOCATION_WAIT_MS = 5000;

export interface DeviceLocation {
  lat: number;
  lng: number;
}

/**
 * The device's position, or null when the browser has none, refuses, or takes longer than
 * LOCATION_WAIT_MS (a permission prompt nobody answers included). Never rejects.
 */
export function requestLocation(): Promise<DeviceLocation | null> {
  return new Promise((resolve) => {
    if (!navigator.geolocation) {
      resolve(null);
      return;
    }
    const timer = setTimeout(() => resolve(null), LOCATION_WAIT_MS);
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        clearTimeout(timer);
        resolve({ lat: coords.latitude, lng: coords.longitude });
      },
      () => {
        clearTimeout(timer);
        resolve(null);
      },
      { enableHighAccuracy: true, timeout: LOCATION_WAIT_MS, maximumAge: 60_000 },
    );
  });
}

/**
 * The device's position for a screen that records something (a shift, a report): asked for when
 * the screen opens, while the guard takes the selfie or writes, so that sending never waits long
 * for it. The answer is the position as it came (or null), awaited when sending.
 */
export function useDeviceLocation(): () => Promise<DeviceLocation | null> {
  const location = useRef<Promise<DeviceLocation | null>>(Promise.resolve(null));
  useEffect(() => {
    location.current = requestLocation();
  }, []);
  return useCallback(() => location.current, []);
}
