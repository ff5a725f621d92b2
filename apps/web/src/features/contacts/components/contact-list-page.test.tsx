import { fireEvent, screen, waitFor } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp, server, signedIn, setUpMswServer } from '../../../test/render-app';
import { trpcError, trpcHandler } from '../../../test/trpc-msw';
import { contactDto } from '../../../test/contact-dto';

setUpMswServer();

function contact(id: string, name: string, isFavorite = false) {
  const [first = '', last = ''] = name.split(' ');
  return contactDto(id, first, last, {
    emails: [{ value: `${first.toLowerCase()}@example.com`, type: '' }],
    phones: [{ value: '555', type: '' }],
    isFavorite,
  });
}

const ada = contact('33333333-3333-4333-8333-333333333333', 'Ada Lovelace');

describe('the contacts list', () => {
  it("shows the title with the count, and the empty state's texts", async () => {
    server.use(
      ...signedIn(),
      ...trpcHandler('contacts.list', () => ({ items: [], nextCursor: null, total: 0 })),
    );
    renderApp('/');
    expect(await screen.findByText('No contacts yet')).toBeInTheDocument();
    expect(
      screen.getByText('Start building your network by adding your first contact'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create contact' })).toHaveAttribute('href', '/new');
  });

  it('flips the star at once, and puts it back with the error when the server refuses', async () => {
    server.use(
      ...signedIn(),
      ...trpcHandler('contacts.list', () => ({ items: [ada], nextCursor: null, total: 1 })),
      ...trpcHandler('favorites.set', () => {
        throw trpcError('INTERNAL_SERVER_ERROR', 'The database is not reachable right now.', 503);
      }),
    );
    renderApp('/');
    const star = await screen.findByRole('button', { name: 'Add Ada Lovelace to favorites' });
    fireEvent.click(star);
    expect(
      await screen.findByRole('button', { name: 'Remove Ada Lovelace from favorites' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('The database is not reachable right now.')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        screen.getByRole('button', { name: 'Add Ada Lovelace to favorites' }),
      ).toBeInTheDocument(),
    );
  });

  it('counts a double click on the star once: one call, one toast', async () => {
    let calls = 0;
    server.use(
      ...signedIn(),
      ...trpcHandler('contacts.list', () => ({ items: [ada], nextCursor: null, total: 1 })),
      // A slow answer, so the second click lands while the first is on its way.
      http.post(/\/api\/trpc\/favorites\.set/, async () => {
        calls++;
        await delay(300);
        const data = { json: { id: ada.id, isFavorite: true, name: 'Ada Lovelace' } };
        return HttpResponse.json([{ result: { data } }]);
      }),
    );
    renderApp('/');
    const star = await screen.findByRole('button', { name: 'Add Ada Lovelace to favorites' });
    fireEvent.click(star);
    fireEvent.click(
      await screen.findByRole('button', { name: 'Remove Ada Lovelace from favorites' }),
    );
    expect(await screen.findByText('Added Ada Lovelace to favorites')).toBeInTheDocument();
    await delay(400);
    expect(calls).toBe(1);
    expect(screen.getAllByText(/Ada Lovelace (to|from) favorites$/)).toHaveLength(1);
  });
});

/** The text a `search.contacts` request asks for (tRPC's batched GET input). */
function searchedText(request: Request): string {
  const input = new URL(request.url).searchParams.get('input') ?? '';
  return (JSON.parse(input) as Record<string, { json: { query: string } }>)['0']!.json.query;
}

describe('the search box', () => {
  it('shows the answer for the latest text even when an earlier answer arrives last', async () => {
    server.use(
      ...signedIn(),
      ...trpcHandler('contacts.list', () => ({ items: [], nextCursor: null, total: 0 })),
      // The answer for "a" is slow; the answer for "ad" is quick.
      http.get(/\/api\/trpc\/search\.contacts/, async ({ request }) => {
        const query = searchedText(request);
        if (query === 'a') await delay(400);
        const name = query === 'a' ? 'Alan Turing' : 'Ada Lovelace';
        return HttpResponse.json([
          { result: { data: { json: [{ id: query, name, email: '', photoUrl: '' }] } } },
        ]);
      }),
    );
    renderApp('/');
    // jsdom matches no media query, so this is the phone layout: open the box first.
    fireEvent.click(await screen.findByRole('button', { name: 'Search contacts' }));
    const box = await screen.findByRole('textbox', { name: 'Search contacts' });
    fireEvent.change(box, { target: { value: 'a' } });
    fireEvent.change(box, { target: { value: 'ad' } });
    expect(await screen.findByText('Ada Lovelace')).toBeInTheDocument();
    // By now the slow answer for "a" has arrived too; it must not replace the one for "ad".
    await delay(500);
    expect(screen.queryByText('Alan Turing')).toBeNull();
    expect(screen.getByText('Ada Lovelace')).toBeInTheDocument();
  });

  it('sends one search per keystroke and aborts the one the next keystroke replaced', async () => {
    const sent: string[] = [];
    const aborted: string[] = [];
    server.use(
      ...signedIn(),
      ...trpcHandler('contacts.list', () => ({ items: [], nextCursor: null, total: 0 })),
      http.get(/\/api\/trpc\/search\.contacts/, async ({ request }) => {
        const query = searchedText(request);
        sent.push(query);
        request.signal.addEventListener('abort', () => aborted.push(query));
        if (query !== 'ada') await delay(300);
        return HttpResponse.json([{ result: { data: { json: [] } } }]);
      }),
    );
    renderApp('/');
    fireEvent.click(await screen.findByRole('button', { name: 'Search contacts' }));
    const box = await screen.findByRole('textbox', { name: 'Search contacts' });
    for (const text of ['a', 'ad', 'ada']) {
      fireEvent.change(box, { target: { value: text } });
      await waitFor(() => expect(sent).toContain(text));
    }
    await waitFor(() => expect(aborted).toEqual(['a', 'ad']));
  });
});
