import { createMemoryHistory } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { App } from '../app';
import { receivedCalls, trpcHandler } from './trpc-msw';

/** A signed-in person, as `auth.check` answers. */
export const testUser = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Grace Hopper',
  email: 'grace@example.com',
};

/** MSW for route-level tests: unhandled requests fail the test (STYLE.md). */
export const server = setupServer();

export function setUpMswServer() {
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => {
    server.resetHandlers();
    receivedCalls.length = 0;
  });
  afterAll(() => server.close());
}

/** Handlers for a signed-in session. */
export const signedIn = () =>
  trpcHandler('auth.check', () => ({ isLoggedIn: true, user: testUser }));

/** Renders the whole app at `path`, as a person arriving there would see it. */
export function renderApp(path: string) {
  const history = createMemoryHistory({ initialEntries: [path] });
  return { history, ...render(<App history={history} />) };
}
