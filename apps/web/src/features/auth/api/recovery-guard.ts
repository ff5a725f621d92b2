import { redirect } from '@tanstack/react-router';
import { GUARD_DELAY_MS, wait } from '../../../lib/timing';

/**
 * Runs a recovery step's server check; when it fails, waits the guard delay and sends the person
 * back to /recover with replace (docs/product/screens.md#route-guards; the guard delay is 100 ms).
 */
export async function guardRecoveryStep<T>(check: () => Promise<T>): Promise<T> {
  try {
    return await check();
  } catch {
    await wait(GUARD_DELAY_MS);
    throw redirect({ to: '/recover', replace: true });
  }
}
