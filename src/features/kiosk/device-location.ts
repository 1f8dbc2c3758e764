/** The most a shift waits for the device's position: a kiosk without one records the shift anyway. */
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
