import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp, server, signedIn, setUpMswServer } from '../../test/render-app';
import { receivedCalls, trpcHandler } from '../../test/trpc-msw';
import { UNFINISHED_IMPORT_KEY } from './api';

setUpMswServer();

const importId = '33333333-3333-4333-8333-333333333333';

function openImportPage() {
  server.use(
    ...signedIn(),
    ...trpcHandler('imports.undo', () => ({ removed: 250, restored: 0 })),
    ...trpcHandler('labels.list', () => []),
  );
  return renderApp('/import');
}

afterEach(() => localStorage.removeItem(UNFINISHED_IMPORT_KEY));

describe('an import that did not finish (closed tab, lost network)', () => {
  it('offers to undo it on the next visit, and undoes that import', async () => {
    localStorage.setItem(UNFINISHED_IMPORT_KEY, importId);
    openImportPage();
    expect(await screen.findByText('An import did not finish')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Undo that import' }));
    expect(
      await screen.findByText('Import undone. Your contacts are as they were.'),
    ).toBeInTheDocument();
    expect(receivedCalls.find((c) => c.path === 'imports.undo')?.input).toEqual({ importId });
    expect(screen.queryByText('An import did not finish')).toBeNull();
    expect(localStorage.getItem(UNFINISHED_IMPORT_KEY)).toBeNull();
  });

  it('can keep what came in instead, and then stops asking', async () => {
    localStorage.setItem(UNFINISHED_IMPORT_KEY, importId);
    openImportPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Keep what came in' }));
    await waitFor(() => expect(screen.queryByText('An import did not finish')).toBeNull());
    expect(localStorage.getItem(UNFINISHED_IMPORT_KEY)).toBeNull();
    expect(receivedCalls.some((c) => c.path === 'imports.undo')).toBe(false);
  });

  it('says nothing when every import finished', async () => {
    openImportPage();
    expect(await screen.findByText('Drop a contacts file here')).toBeInTheDocument();
    expect(screen.queryByText('An import did not finish')).toBeNull();
  });
});
