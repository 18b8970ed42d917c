import { useCallback, useEffect, useState } from 'react';

/** `later(action, ms)`: a timeout that is cancelled if the component unmounts first. */
export function useTimeouts() {
  const [pending] = useState(() => new Set<number>());
  useEffect(
    () => () => {
      for (const id of pending) window.clearTimeout(id);
      pending.clear();
    },
    [pending],
  );
  return useCallback(
    (action: () => void, ms: number) => {
      const id = window.setTimeout(() => {
        pending.delete(id);
        action();
      }, ms);
      pending.add(id);
    },
    [pending],
  );
}
