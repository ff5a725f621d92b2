import { Notifications } from '@mantine/notifications';
import toasts from './toasts.module.css';

/**
 * Toasts sit at the top right and close after 5000 ms (docs/product/limits.md#limits); three at
 * most at once.
 */
const TOAST_AUTO_CLOSE_MS = 5000;
const TOAST_LIMIT = 3;

/**
 * Where toasts show. Loaded after the first screen (app.tsx): its animation library is not
 * needed to paint, and a toast shown before it arrives waits in Mantine's store and appears
 * when it does.
 */
export default function Toasts() {
  return (
    <Notifications
      position="top-right"
      autoClose={TOAST_AUTO_CLOSE_MS}
      limit={TOAST_LIMIT}
      containerWidth={360}
      className={toasts.toasts}
    />
  );
}
