import { Center, Loader } from '@mantine/core';

/** Shown while the session is unknown, so a signed-in person never sees the landing page flash. */
export function FullPageLoader() {
  return (
    <Center mih="100dvh" role="status" aria-label="Loading">
      <Loader />
    </Center>
  );
}
