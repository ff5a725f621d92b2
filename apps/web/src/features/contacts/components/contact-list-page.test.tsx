import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp, server, signedIn, setUpMswServer } from '../../../test/render-app';
import { receivedCalls, trpcError, trpcHandler } from '../../../test/trpc-msw';
import { contactDto, listItemOf } from '../../../test/contact-dto';

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
      ...trpcHandler('contacts.listItems', () => ({ items: [], nextCursor: null, total: 0 })),
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
      ...trpcHandler('contacts.listItems', () => ({
        items: [listItemOf(ada)],
        nextCursor: null,
        total: 1,
      })),
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
      ...trpcHandler('contacts.listItems', () => ({
        items: [listItemOf(ada)],
        nextCursor: null,
        total: 1,
      })),
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
      ...trpcHandler('contacts.listItems', () => ({ items: [], nextCursor: null, total: 0 })),
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
      ...trpcHandler('contacts.listItems', () => ({ items: [], nextCursor: null, total: 0 })),
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

const bruno = contact('44444444-4444-4444-8444-444444444444', 'Bruno Costa');
const carla = contact('55555555-5555-4555-8555-555555555555', 'Carla Diaz');

/** A signed-in list of Ada, Bruno and Carla, with its letter index (A, B, C). */
function threeContacts(letters: { letter: string; position: number }[] = []) {
  server.use(
    ...signedIn(),
    ...trpcHandler('contacts.listItems', () => ({
      items: [ada, bruno, carla].map(listItemOf),
      nextCursor: null,
      total: 3,
    })),
    ...trpcHandler('contacts.letters', () => letters),
    ...trpcHandler('labels.list', () => []),
    ...trpcHandler('keepInTouch.dueCount', () => 0),
  );
}

/** The body rows of the list, in order. */
const bodyRows = () => within(screen.getAllByRole('rowgroup')[1]!).getAllByRole('row');

describe('the list as an address book', () => {
  afterEach(() => localStorage.clear());

  it('puts a letter header before the first name of each letter when sorted by name', async () => {
    threeContacts([
      { letter: 'A', position: 0 },
      { letter: 'B', position: 1 },
      { letter: 'C', position: 2 },
    ]);
    const { container } = renderApp('/');
    expect(await screen.findByText('Ada Lovelace')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        [...container.querySelectorAll('[data-letter-header]')].map((h) => h.textContent),
      ).toEqual(['A', 'B', 'C']),
    );
    // Each header takes 28 px before its row: Bruno's row starts below A, Ada and B.
    expect(bodyRows()[1]!.style.transform).toBe('translateY(116px)');
  });

  it('makes rows 44 px tall with "Compact rows" in the sort menu, and remembers it', async () => {
    threeContacts();
    renderApp('/');
    expect(await screen.findByText('Bruno Costa')).toBeInTheDocument();
    expect(bodyRows()[1]!.style.transform).toBe('translateY(60px)');
    fireEvent.click(screen.getByRole('button', { name: /Sort: First name/ }));
    fireEvent.click(await screen.findByRole('menuitemcheckbox', { name: 'Compact rows' }));
    await waitFor(() => expect(bodyRows()[1]!.style.transform).toBe('translateY(44px)'));
    expect(localStorage.getItem('kith.compactRows')).toBe('true');
  });

  it('opens a row clicked twice once: Back leaves the contact at once', async () => {
    threeContacts();
    server.use(...trpcHandler('contacts.byId', () => bruno));
    const { history } = renderApp('/');
    const row = (await screen.findByText('Bruno Costa')).closest('[role="row"]')!;
    fireEvent.click(row);
    fireEvent.click(row);
    await waitFor(() => expect(history.location.pathname).toBe(`/person/${bruno.id}`));
    history.back();
    await waitFor(() => expect(history.location.pathname).toBe('/'));
  });

  it('moves with j and k, focusing the row, and e edits the one reached', async () => {
    threeContacts();
    const { history } = renderApp('/');
    expect(await screen.findByText('Carla Diaz')).toBeInTheDocument();
    fireEvent.keyDown(document.body, { key: 'j' });
    await waitFor(() => expect(bodyRows()[0]).toHaveFocus());
    fireEvent.keyDown(document.activeElement!, { key: 'j' });
    fireEvent.keyDown(document.activeElement!, { key: 'j' });
    fireEvent.keyDown(document.activeElement!, { key: 'k' });
    await waitFor(() => expect(bodyRows()[1]).toHaveFocus());
    expect(bodyRows()[1]).toHaveTextContent('Bruno Costa');
    fireEvent.keyDown(document.activeElement!, { key: 'e' });
    await waitFor(() => expect(history.location.pathname).toBe(`/person/edit/${bruno.id}`));
  });

  it('asks before # moves the reached contact to the trash, and Undo brings it back', async () => {
    threeContacts();
    server.use(
      ...trpcHandler('trash.addMany', () => ({ ids: [ada.id] })),
      ...trpcHandler('trash.recoverMany', () => ({ ids: [ada.id] })),
    );
    renderApp('/');
    expect(await screen.findByText('Ada Lovelace')).toBeInTheDocument();
    fireEvent.keyDown(document.body, { key: 'j' });
    await waitFor(() => expect(bodyRows()[0]).toHaveFocus());
    fireEvent.keyDown(document.activeElement!, { key: '#', shiftKey: true });
    const dialog = await screen.findByRole('dialog', { name: 'Delete from contacts?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move To Trash' }));
    expect(await screen.findByText('1 add to trash')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Undone')).toBeInTheDocument();
    expect(receivedCalls.filter((c) => c.path.startsWith('trash.'))).toEqual([
      { path: 'trash.addMany', input: { contactIds: [ada.id] } },
      { path: 'trash.recoverMany', input: { contactIds: [ada.id] } },
    ]);
  });

  it('says how many the bulk trash moved, with an Undo that recovers exactly those', async () => {
    threeContacts();
    server.use(
      ...trpcHandler('trash.addMany', () => ({ ids: [ada.id, carla.id] })),
      ...trpcHandler('trash.recoverMany', () => ({ ids: [ada.id, carla.id] })),
    );
    renderApp('/');
    expect(await screen.findByText('Ada Lovelace')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Ada Lovelace' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Carla Diaz' }));
    fireEvent.click(screen.getByRole('button', { name: 'Move to trash' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete selected contacts?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move To Trash' }));
    expect(await screen.findByText('2 add to trash')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Undone')).toBeInTheDocument();
    expect(receivedCalls.find((c) => c.path === 'trash.recoverMany')?.input).toEqual({
      contactIds: [ada.id, carla.id],
    });
  });
});

describe('two panes', () => {
  const wide = window.matchMedia;
  const height = Object.getOwnPropertyDescriptor(Element.prototype, 'clientHeight')!;
  afterEach(() => {
    window.matchMedia = wide;
    Object.defineProperty(Element.prototype, 'clientHeight', height);
  });

  it('from 1024 px shows the list beside the open contact, which it highlights', async () => {
    window.matchMedia = ((query: string) => ({
      ...wide(query),
      matches: query.includes('min-width: 1024px'),
    })) as typeof window.matchMedia;
    // jsdom lays nothing out: elements are given a height, so the list's pane has rows to show.
    Object.defineProperty(Element.prototype, 'clientHeight', {
      configurable: true,
      get: () => 600,
    });
    threeContacts();
    server.use(
      ...trpcHandler('contacts.byId', () => bruno),
      ...trpcHandler('labels.ofContact', () => []),
      ...trpcHandler('keepInTouch.get', () => null),
    );
    renderApp(`/person/${bruno.id}`);
    const list = await screen.findByRole('table', { name: 'Contacts' });
    const open = (await within(list).findByText('Bruno Costa')).closest('[role="row"]');
    expect(open).toHaveAttribute('aria-current', 'true');
    expect(await screen.findByRole('heading', { name: 'Bruno Costa', level: 1 })).toBeVisible();
  });
});
