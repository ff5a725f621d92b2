import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { i18n, i18nReady } from '../../../lib/i18n';
import { server, setUpMswServer } from '../../../test/render-app';
import { renderWithApi } from '../../../test/render-with-api';
import { receivedCalls, trpcError, trpcHandler } from '../../../test/trpc-msw';
import { UndoChangesCard } from './undo-changes-card';

setUpMswServer();

const moments = (path: string) =>
  receivedCalls.filter((call) => call.path === path).map((call) => (call.input as { at: Date }).at);

describe('Undo changes on /me', () => {
  beforeAll(async () => {
    await i18nReady;
  });
  afterAll(async () => {
    await i18n.changeLanguage('en');
  });

  it('previews 10 minutes ago, undoes it after the confirm, and the toast’s Undo undoes the restore itself', async () => {
    await i18n.changeLanguage('en');
    const restoredAt = new Date('2026-11-26T18:00:00.500Z');
    server.use(
      ...trpcHandler('history.previewUndo', () => ({
        changed: 2,
        recreated: 0,
        removed: 1,
        labels: 0,
      })),
      ...trpcHandler('history.undoChanges', () => ({
        changed: 2,
        recreated: 0,
        removed: 1,
        labels: 0,
        restoredAt,
      })),
    );
    renderWithApi(<UndoChangesCard />);
    const button = screen.getByRole('button', { name: 'Undo changes' });
    expect(button).toHaveAttribute('aria-disabled', 'true');

    const chosenAt = Date.now();
    fireEvent.click(screen.getByRole('radio', { name: '10 minutes ago' }));
    const status = screen.getByRole('status');
    await within(status).findByText('2 contacts will change and 1 will be removed.');
    const [previewed] = moments('history.previewUndo');
    expect(chosenAt - previewed!.getTime()).toBeGreaterThanOrEqual(10 * 60_000 - 1_000);
    expect(chosenAt - previewed!.getTime()).toBeLessThanOrEqual(10 * 60_000 + 1_000);

    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Undo changes?' });
    expect(dialog).toHaveTextContent('2 contacts will change and 1 will be removed.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Undo changes' }));
    await screen.findByText(/^Your address book is back as it was at /);
    expect(moments('history.undoChanges')).toEqual([previewed]);

    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    await screen.findByText('Undone');
    expect(moments('history.undoChanges')).toEqual([
      previewed,
      new Date('2026-11-26T18:00:00.499Z'),
    ]);
  });

  it('says when nothing changed since the moment, and then offers no undo', async () => {
    await i18n.changeLanguage('en');
    server.use(
      ...trpcHandler('history.previewUndo', () => ({
        changed: 0,
        recreated: 0,
        removed: 0,
        labels: 0,
      })),
    );
    renderWithApi(<UndoChangesCard />);
    fireEvent.click(screen.getByRole('radio', { name: '1 week ago' }));
    await within(screen.getByRole('status')).findByText('Nothing changed since then.');
    const button = screen.getByRole('button', { name: 'Undo changes' });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    fireEvent.click(button);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows the server’s refusal of a custom moment under the field, in the person’s language', async () => {
    await i18n.changeLanguage('es');
    server.use(
      ...trpcHandler('history.previewUndo', () => {
        throw trpcError(
          'BAD_REQUEST',
          'Kith keeps changes for 30 days. Choose a moment within the last 30 days.',
          400,
        );
      }),
    );
    renderWithApi(<UndoChangesCard />);
    fireEvent.click(screen.getByRole('radio', { name: 'Otro momento' }));
    const field = screen.getByLabelText('Fecha y hora');
    fireEvent.change(field, { target: { value: '2026-01-02T10:30' } });
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    expect(
      screen.getByText(
        'Kith guarda los cambios durante 30 días. Elige un momento de los últimos 30 días.',
      ),
    ).toBeInTheDocument();
    expect(moments('history.previewUndo')).toEqual([new Date(2026, 0, 2, 10, 30)]);
    expect(screen.getByRole('button', { name: 'Deshacer cambios' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  });
});
