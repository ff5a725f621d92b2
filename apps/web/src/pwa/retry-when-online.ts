import type { AnyRouter } from '@tanstack/react-router';
import { useEffect } from 'react';

/** A screen's code as the router splits it: `preload` is there until the code has loaded. */
type SplitComponent = { preload?: () => Promise<void> } | undefined;

/**
 * When the network comes back, a screen that failed to load while offline (its code or its
 * data) is loaded again, without a click (docs/offline.md#screens-not-yet-loaded): the code of
 * each shown route that has not loaded is asked for again (a lazy screen keeps its error
 * until then), and the router reloads. Queries that waited offline resume by themselves
 * (TanStack Query's onlineManager).
 */
export function useRetryWhenOnline(router: AnyRouter): void {
  useEffect(() => {
    const retry = async () => {
      const { matches } = router.state;
      const unloaded = matches
        .map(
          (match) =>
            (
              (router.routesById as Record<string, { options: { component?: unknown } }>)[
                match.routeId
              ]?.options.component as SplitComponent
            )?.preload,
        )
        .filter((preload) => preload !== undefined);
      if (unloaded.length === 0 && !matches.some((match) => match.status === 'error')) return;
      await Promise.all(unloaded.map((preload) => preload().catch(() => undefined)));
      await router.invalidate();
    };
    const onOnline = () => void retry();
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [router]);
}
