import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, i18nReady } from '../../lib/i18n';
import { server, setUpMswServer } from '../../test/render-app';
import { renderWithApi } from '../../test/render-with-api';
import { receivedCalls, trpcHandler } from '../../test/trpc-msw';
import { SyncAlertsNotice } from './alerts-notice';

setUpMswServer();

describe('the sync alert notice', () => {
  beforeAll(async () => {
    await i18nReady;
    await i18n.changeLanguage('en');
  });

  // The notice goes as soon as the alerts are read again after the undo: the confirmation must
  // not depend on it still being on the page.
  it('undoes a phone’s changes after the confirm, says how many came back, and goes', async () => {
    let undone = false;
    server.use(
      ...trpcHandler('history.alerts', () =>
        undone
          ? []
          : [
              {
                id: 'alert-1',
                appPasswordName: 'iPhone',
                since: new Date(Date.now() - 60_000),
                until: new Date(),
                contactsChanged: 4,
              },
            ],
      ),
      ...trpcHandler('history.undoAlert', () => {
        undone = true;
        return { restored: 4 };
      }),
    );
    renderWithApi(<SyncAlertsNotice />);
    const notice = await screen.findByTestId('sync-alert');
    expect(notice).toHaveTextContent(/iPhone changed 4 contacts/);

    fireEvent.click(within(notice).getByRole('button', { name: 'Undo these changes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Undo these changes?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Undo these changes' }));

    await screen.findByText('4 contacts put back as they were');
    await waitFor(() => expect(screen.queryByTestId('sync-alert')).toBeNull());
    expect(receivedCalls.filter((call) => call.path === 'history.undoAlert')).toHaveLength(1);
  });
});
