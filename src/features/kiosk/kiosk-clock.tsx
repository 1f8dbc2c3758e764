import { useEffect, useState } from 'react';
import { useKioskFormat } from './kiosk-format';

/** The time and date, read at a glance from the guardhouse door. */
export function KioskClock() {
  const format = useKioskFormat();
  const [now, setNow] = useState(() => new Date());

  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(timer);
  }, []);

  // Not a live region: a clock read out every second would drown everything else.
  return (
    <p className="kiosk-clock">
      <time dateTime={now.toISOString()}>
        <span className="kiosk-clock-time">{format.time(now)}</span>
        <span className="kiosk-clock-date">{format.date(now)}</span>
      </time>
    </p>
  );
}
