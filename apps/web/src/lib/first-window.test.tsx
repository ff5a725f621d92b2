import { screen } from '@testing-library/react';
import { transformer } from '@kith/validators/transformer';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp, server, setUpMswServer, signedIn } from '../test/render-app';
import { receivedCalls, trpcHandler } from '../test/trpc-msw';
import { contactDto, listItemOf } from '../test/contact-dto';

setUpMswServer();

const ada = contactDto('33333333-3333-4333-8333-333333333333', 'Ada', 'Lovelace');
const alan = contactDto('44444444-4444-4444-8444-444444444444', 'Alan', 'Turing');

/** What public/boot.js leaves when it has asked for `/`'s first window itself. */
function earlyWindow(sort: string, response: Response | null) {
  window.__kithFirstWindow = { sort, response: Promise.resolve(response) };
}

const answer = (data: unknown, status = 200) =>
  new Response(JSON.stringify({ result: { data: transformer.serialize(data) } }), { status });

const listCalls = () => receivedCalls.filter((call) => call.path === 'contacts.listItems');

afterEach(() => {
  delete window.__kithFirstWindow;
});

describe("the list's first window, asked for before the app's code arrived", () => {
  it('shows the rows boot.js asked for, and does not ask again', async () => {
    earlyWindow('first_name', answer({ items: [listItemOf(ada)], nextCursor: null, total: 1 }));
    server.use(
      ...signedIn(),
      ...trpcHandler('contacts.listItems', () => ({
        items: [listItemOf(alan)],
        nextCursor: null,
        total: 1,
      })),
    );
    renderApp('/');
    expect(await screen.findByText('Ada Lovelace', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByText('Alan Turing')).not.toBeInTheDocument();
    expect(listCalls()).toHaveLength(0);
  });

  it.each([
    [
      'the early answer failed (the session had lapsed)',
      'first_name',
      new Response('{}', { status: 401 }),
    ],
    [
      'it was asked for in another order than the list shows',
      'last_name',
      answer({ items: [listItemOf(ada)], nextCursor: null, total: 1 }),
    ],
  ])('asks the usual way when %s', async (_case, sort, early) => {
    earlyWindow(sort, early);
    server.use(
      ...signedIn(),
      ...trpcHandler('contacts.listItems', () => ({
        items: [listItemOf(alan)],
        nextCursor: null,
        total: 1,
      })),
    );
    renderApp('/');
    expect(await screen.findByText('Alan Turing', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(listCalls()).toHaveLength(1);
  });
});
