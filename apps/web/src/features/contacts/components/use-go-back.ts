import { useCanGoBack, useRouter } from '@tanstack/react-router';

/**
 * Back to the previous location, or to / when there is none
 * (docs/product/screens.md#create-contact-screen).
 */
export function useGoBack(fallback?: string) {
  const router = useRouter();
  const canGoBack = useCanGoBack();
  return () => {
    if (fallback) void router.navigate({ to: fallback });
    else if (canGoBack) router.history.back();
    else void router.navigate({ to: '/' });
  };
}
