import type { AnyRouter } from '@tanstack/react-router';
import { useEffect } from 'react';

/**
 * When the network comes back, a screen that failed to load while offline (its code or its
 * data) is loaded again, without a click (docs/offline.md#screens-not-yet-loaded). Queries
 * that waited offline resume by themselves (TanStack Query's onlineManager).
 */
export function useRetryWhenOnline(router: AnyRouter): void {
  useEffect(() => {
    const retry = () => {
      if (router.state.matches.some((match) => match.status === 'error')) {
        void router.invalidate();
      }
    };
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [router]);
}
