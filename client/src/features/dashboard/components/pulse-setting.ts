import { useCallback, useState } from 'react';

const KEY = 'ems.pulseAlerts';

/** The pulse-alerts toggle: on by default, remembered in localStorage. */
export function usePulseAlerts(): [boolean, (on: boolean) => void] {
  const [on, setOn] = useState(() => {
    try {
      return localStorage.getItem(KEY) !== 'off';
    } catch {
      return true;
    }
  });
  const set = useCallback((value: boolean) => {
    setOn(value);
    try {
      localStorage.setItem(KEY, value ? 'on' : 'off');
    } catch {
      /* storage unavailable: keep it for this page only */
    }
  }, []);
  return [on, set];
}
