import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, server, signedIn, setUpMswServer } from '../../test/render-app';
import { receivedCalls, trpcError, trpcHandler } from '../../test/trpc-msw';
import { contactDto } from '../../test/contact-dto';
import type { ContactVersionEntry, VersionCard } from './version-diff';

setUpMswServer();

const id = '55555555-5555-4555-8555-555555555555';
const version = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const card = (familyName: string): VersionCard => ({
  ...contactDto(id, 'Ada', familyName),
  labels: [],
  keepInTouch: { interval: null, lastContactedOn: null },
});

/**
 * Seven renames, newest first: Name7 now, back to Name0, whose own earlier state (version 0)
 * is kept but its change is older than the 30 days listed.
 */
function history(): ContactVersionEntry[] {
  return [7, 6, 5, 4, 3, 2, 1].map((n) => ({
    recordedAt: new Date(Date.now() - (8 - n) * 3_600_000),
    source:
      n === 7 ? { via: 'carddav', appPasswordId: 'p', appPasswordName: 'iPhone' } : { via: 'web' },
    card: card(`Name${n}`),
    previous: card(`Name${n - 1}`),
    versionId: n === 7 ? null : version(n),
    previousVersionId: version(n - 1),
  }));
}

function openPage(restore: (input: unknown) => unknown = () => undefined) {
  let entries = history();
  server.use(
    ...signedIn(),
    ...trpcHandler('contacts.byId', () => contactDto(id, 'Ada', 'Name7')),
    ...trpcHandler('labels.list', () => []),
    ...trpcHandler('labels.ofContact', () => []),
    ...trpcHandler('keepInTouch.get', () => null),
    ...trpcHandler('history.contact', () => ({ entries, truncated: false })),
    ...trpcHandler('history.restoreVersion', (input) => {
      restore(input);
      // The restore is the newest change; the state before it is version 8.
      entries = [
        {
          recordedAt: new Date(),
          source: { via: 'restore', to: new Date().toISOString() },
          card: card('Name0'),
          previous: card('Name7'),
          versionId: null,
          previousVersionId: version(8),
        },
        ...entries.map((e, i) => (i === 0 ? { ...e, versionId: version(8) } : e)),
      ];
      return undefined;
    }),
  );
  return renderApp(`/person/${id}`);
}

describe("a contact's History on its page", () => {
  it('lists the newest five changes in words, then all of them and the earliest kept version', async () => {
    openPage();
    const region = await screen.findByRole('region', { name: 'Changes in the last 30 days' });
    const list = (await within(region).findAllByRole('list'))[0]!;
    expect(list.querySelectorAll(':scope > li')).toHaveLength(5);
    const newest = list.querySelector(':scope > li')! as HTMLElement;
    expect(newest).toHaveTextContent('From iPhone (app password)');
    expect(newest).toHaveTextContent('Name changed from Ada Name6 to Ada Name7');
    expect(newest).toHaveTextContent('Current version');
    expect(within(region).queryByText('Earliest kept version')).toBeNull();

    fireEvent.click(within(region).getByRole('button', { name: 'Show all changes (7)' }));
    expect(list.querySelectorAll(':scope > li')).toHaveLength(8);
    expect(within(region).getByText('Earliest kept version')).toBeInTheDocument();
    expect(within(region).getAllByRole('button', { name: 'Restore this version' })).toHaveLength(7);
  });

  it('restores the earliest kept version once confirmed, and Undo restores what it replaced', async () => {
    openPage();
    const region = await screen.findByRole('region', { name: 'Changes in the last 30 days' });
    fireEvent.click(await within(region).findByRole('button', { name: 'Show all changes (7)' }));
    const buttons = within(region).getAllByRole('button', { name: 'Restore this version' });
    fireEvent.click(buttons[buttons.length - 1]!);
    const dialog = await screen.findByRole('dialog', { name: 'Restore this version?' });
    expect(dialog).toHaveTextContent('Ada Name7 will be put back as it was before');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Restore' }));

    expect(await screen.findByText('Version restored')).toBeInTheDocument();
    expect(await within(region).findByText(/Restore from history/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Undone')).toBeInTheDocument();
    expect(
      receivedCalls.filter((c) => c.path === 'history.restoreVersion').map((c) => c.input),
    ).toEqual([
      { contactId: id, versionId: version(0) },
      { contactId: id, versionId: version(8) },
    ]);
  });

  it("shows the server's reason when the version is gone", async () => {
    openPage(() => {
      throw trpcError(
        'NOT_FOUND',
        'This version is no longer kept. Open the History again to see the versions there are.',
        404,
      );
    });
    const region = await screen.findByRole('region', { name: 'Changes in the last 30 days' });
    fireEvent.click(
      (await within(region).findAllByRole('button', { name: 'Restore this version' }))[0]!,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Restore this version?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Restore' }));
    expect(
      await screen.findByText(
        'This version is no longer kept. Open the History again to see the versions there are.',
      ),
    ).toBeInTheDocument();
  });
});
