import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import { renderApp, server, signedIn, setUpMswServer } from '../../test/render-app';
import { trpcHandler } from '../../test/trpc-msw';
import { contactDto, listItemOf } from '../../test/contact-dto';

setUpMswServer();

/** A card that held only a birthday: the API names it "No name" (its given name). */
const nameless = contactDto('66666666-6666-4666-8666-666666666666', 'No name', '', {
  birthday: { day: 12, month: 4, year: 1990 },
});

function openList() {
  server.use(
    ...signedIn(),
    ...trpcHandler('contacts.listItems', () => ({
      items: [listItemOf(nameless)],
      nextCursor: null,
      total: 1,
    })),
    ...trpcHandler('labels.list', () => []),
    ...trpcHandler('keepInTouch.dueCount', () => 0),
  );
  renderApp('/');
}

describe('a nameless contact in the list', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('is called by the stand-in name in Spanish on the Spanish interface', async () => {
    await i18n.changeLanguage('es');
    openList();
    expect(await screen.findByText('Sin nombre')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Seleccionar a Sin nombre' })).toBeInTheDocument();
    expect(screen.queryByText('No name')).toBeNull();
  });

  it('is called "No name" on the English interface', async () => {
    openList();
    expect(await screen.findByText('No name')).toBeInTheDocument();
  });
});
