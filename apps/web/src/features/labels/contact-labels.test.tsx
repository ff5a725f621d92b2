import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { transformer } from '@kith/validators/transformer';
import { http, HttpResponse } from 'msw';
import { renderApp, server, signedIn, setUpMswServer } from '../../test/render-app';
import { contactDto } from '../../test/contact-dto';
import { receivedCalls, trpcHandler } from '../../test/trpc-msw';

/**
 * One handler for the calls the page makes, answering each call of a batch from `answers`
 * (the shared `trpcHandler` answers one procedure per batch, and this page batches several).
 */
function answerCalls(answers: Record<string, () => unknown>) {
  return http.get(/\/api\/trpc\/([^?]+)/, ({ request }) => {
    const url = new URL(request.url);
    const paths = decodeURIComponent(url.pathname.split('/api/trpc/')[1]!).split(',');
    if (!paths.every((path) => path in answers)) return undefined;
    const results = paths.map((path) => ({
      result: { data: transformer.serialize(answers[path]!()) },
    }));
    return HttpResponse.json(url.searchParams.get('batch') ? results : results[0]);
  });
}

setUpMswServer();

const id = '88888888-8888-4888-8888-888888888888';
/** Categories as a phone may send them: a whole sentence, and one very long word. */
const sentence =
  'Volunteers from the neighbourhood association spring cleanup and the autumn harvest festival committee 2024';
const word = 'Supercalifragilisticexpialidociousandevenlongerwithoutanyspacesatall';
const labels = [
  { id: '99999999-9999-4999-8999-999999999991', name: sentence, count: 1 },
  { id: '99999999-9999-4999-8999-999999999992', name: word, count: 0 },
];

const contact = contactDto(id, 'Lorenzo', 'Longlabel');

describe("a contact's long labels", () => {
  it('show their whole name on hover, and the Add label menu keeps a long one to two lines', async () => {
    server.use(
      ...signedIn(),
      answerCalls({
        'contacts.byId': () => contact,
        'labels.list': () => labels,
        'labels.ofContact': () => [labels[0]],
        'keepInTouch.get': () => null,
        'keepInTouch.dueCount': () => 0,
        'history.alerts': () => [],
        'history.contact': () => ({ entries: [], truncated: false }),
      }),
    );
    renderApp(`/person/${id}`);
    const chips = await screen.findByRole('group', { name: 'Labels' });
    expect(await within(chips).findByTitle(sentence)).toHaveTextContent(sentence);

    fireEvent.click(screen.getByRole('button', { name: 'Add label' }));
    const item = await screen.findByRole('menuitem', { name: word });
    expect(item.querySelector(`[title="${word}"]`)).toHaveAttribute('data-line-clamp', 'true');
  });
});

describe("a contact's label taken away", () => {
  it('says so with an Undo that gives it back to this contact alone', async () => {
    const family = { id: '99999999-9999-4999-8999-999999999993', name: 'Family', count: 1 };
    server.use(
      ...signedIn(),
      answerCalls({
        'contacts.byId': () => contact,
        'labels.list': () => [family],
        'labels.ofContact': () => [family],
        'keepInTouch.get': () => null,
        'keepInTouch.dueCount': () => 0,
        'history.alerts': () => [],
        'history.contact': () => ({ entries: [], truncated: false }),
      }),
      ...trpcHandler('labels.unassign', () => ({ changed: 1, contactIds: [id] })),
      ...trpcHandler('labels.assign', () => ({ changed: 1, contactIds: [id] })),
    );
    renderApp(`/person/${id}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove label Family' }));
    expect(await screen.findByText('Label Family taken away')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Undone')).toBeInTheDocument();
    expect(receivedCalls.filter((call) => call.path.startsWith('labels.'))).toEqual([
      { path: 'labels.unassign', input: { labelId: family.id, contactIds: [id] } },
      { path: 'labels.assign', input: { labelId: family.id, contactIds: [id] } },
    ]);
  });
});
