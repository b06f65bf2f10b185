import { useCallback, useState } from 'react';

/**
 * An on/off view choice kept in localStorage, so it survives a reload of the window. Only the
 * exact strings 'on' / 'off' are read back; anything else (or storage refused) is the default.
 */
export function useSavedToggle(key: string, initial = false): [boolean, (on: boolean) => void] {
  const [on, setOn] = useState<boolean>(() => read(key, initial));
  const set = useCallback(
    (next: boolean) => {
      try {
        localStorage.setItem(key, next ? 'on' : 'off');
      } catch {
        // Private windows may refuse storage; the choice then lasts for this page only.
      }
      setOn(next);
    },
    [key],
  );
  return [on, set];
}

function read(key: string, initial: boolean): boolean {
  try {
    const v = localStorage.getItem(key);
    return v === 'on' ? true : v === 'off' ? false : initial;
  } catch {
    return initial;
  }
}
