import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, server, signedIn, setUpMswServer } from '../../test/render-app';
import { trpcHandler } from '../../test/trpc-msw';

setUpMswServer();

/** A category as a phone may send it: a whole sentence. */
const long =
  'Volunteers from the neighbourhood association spring cleanup and the autumn harvest festival committee 2024';

describe('the sidebar labels', () => {
  it('keeps a long label to two lines, with its whole name on hover and for screen readers', async () => {
    server.use(
      ...signedIn(),
      ...trpcHandler('contacts.listItems', () => ({ items: [], nextCursor: null, total: 0 })),
      ...trpcHandler('labels.list', () => [
        { id: '77777777-7777-4777-8777-777777777777', name: long, count: 1 },
      ]),
      ...trpcHandler('keepInTouch.dueCount', () => 0),
    );
    renderApp('/');
    const link = await screen.findByRole('link', { name: new RegExp(`^${long}`) });
    const name = link.querySelector(`[title="${long}"]`);
    expect(name).not.toBeNull();
    expect(name).toHaveTextContent(long);
    expect(name).toHaveAttribute('data-line-clamp', 'true');
  });
});
