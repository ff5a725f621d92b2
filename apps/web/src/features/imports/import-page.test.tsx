import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp, server, signedIn, setUpMswServer } from '../../test/render-app';
import { receivedCalls, trpcHandler } from '../../test/trpc-msw';
import type { ImportStatus, NamedContact, Preview } from './api';

setUpMswServer();

const importId = '33333333-3333-4333-8333-333333333333';

function openImportPage(current: ImportStatus | null = null) {
  server.use(
    ...signedIn(),
    ...trpcHandler('imports.current', () => current),
    ...trpcHandler('imports.undo', () => ({ removed: 250, restored: 0 })),
    ...trpcHandler('labels.list', () => []),
  );
  return renderApp('/import');
}

/** An import's status as the server answers it. */
function status(overrides: Partial<ImportStatus>): ImportStatus {
  return {
    importId,
    fileName: 'contacts.vcf',
    status: 'running',
    total: 0,
    done: 0,
    outcome: null,
    error: null,
    ...overrides,
  };
}

const outcome = (o: Partial<NonNullable<ImportStatus['outcome']>>) => ({
  created: 0,
  updated: 0,
  photosDropped: 0,
  photoAddressesKept: 0,
  photosFailed: 0,
  ...o,
});

/** A preview of a vCard file whose `newCount` new contacts start with `named`. */
function vcardPreview(newCount: number, named: Partial<NamedContact>[] = []): Preview {
  const added = Array.from({ length: Math.min(newCount, 8) }, (_, i) => ({
    row: i + 1,
    givenName: `Person ${i + 1}`,
    familyName: '',
    formattedName: '',
    honorificPrefixes: '',
    honorificSuffixes: '',
    ...named[i],
  }));
  return {
    importId,
    fileName: 'contacts.vcf',
    format: 'vcard',
    columns: [],
    sample: [],
    mapping: [],
    needsMapping: false,
    dateOrder: null,
    counts: { contacts: newCount, new: newCount, duplicates: 0, errors: 0, warnings: 0 },
    added,
    duplicates: [],
    problems: [],
  };
}

/** The upload route, staging every file as `importId`; `sent` gets each body's text. */
function uploadRoute(sent: string[] = []) {
  return http.post('*/api/imports/upload', async ({ request }) => {
    sent.push(await request.text());
    return HttpResponse.json({ importId, byteSize: 10 }, { status: 201 });
  });
}

/** The job, answering `statuses` one poll after another (the last one from then on). */
function importJob(statuses: ImportStatus[]) {
  let polls = 0;
  return [
    ...trpcHandler('imports.start', () => status({ status: 'queued', total: 10 })),
    ...trpcHandler('imports.status', () => statuses[Math.min(polls++, statuses.length - 1)]),
  ];
}

/** Chooses a file on the import page, as a person picking it in the file dialog. */
async function chooseFile(bytes: Uint8Array<ArrayBuffer>, name = 'contacts.vcf') {
  const user = userEvent.setup();
  await screen.findByText('Drop a contacts file here');
  const file = new File([bytes], name, { type: 'text/vcard' });
  // jsdom's File has no arrayBuffer(), which browsers have; the page reads the file with it.
  Object.defineProperty(file, 'arrayBuffer', { value: async () => bytes.slice().buffer });
  await user.upload(document.querySelector('input[type="file"]') as HTMLInputElement, file);
  return user;
}

const aCard = () => new TextEncoder().encode('BEGIN:VCARD\r\nEND:VCARD\r\n');

describe('an import that did not finish', () => {
  it('offers to undo one whose job could not take it back, and undoes it', async () => {
    openImportPage(status({ status: 'failed', error: 'x', outcome: outcome({ created: 250 }) }));
    expect(await screen.findByText('An import did not finish')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Undo that import' }));
    expect(
      await screen.findByText('Import undone. Your contacts are as they were.'),
    ).toBeInTheDocument();
    expect(receivedCalls.find((c) => c.path === 'imports.undo')?.input).toEqual({ importId });
  });

  it('can keep what came in instead', async () => {
    openImportPage(status({ status: 'failed', error: 'x', outcome: outcome({ created: 250 }) }));
    fireEvent.click(await screen.findByRole('button', { name: 'Keep what came in' }));
    await waitFor(() => expect(screen.queryByText('An import did not finish')).toBeNull());
    expect(receivedCalls.some((c) => c.path === 'imports.undo')).toBe(false);
  });

  it('shows the progress of an import still running from an earlier visit', async () => {
    server.use(...importJob([status({ done: 500, total: 2000 })]));
    openImportPage(status({ done: 250, total: 2000 }));
    expect(await screen.findByText('Importing… 500 of 2,000')).toBeInTheDocument();
    expect(screen.queryByText('Drop a contacts file here')).toBeNull();
  });

  it('says nothing when every import finished', async () => {
    openImportPage();
    expect(await screen.findByText('Drop a contacts file here')).toBeInTheDocument();
    expect(screen.queryByText('An import did not finish')).toBeNull();
  });
});

describe('a file uploaded, previewed and imported by the server', () => {
  it('uploads the file, shows its preview, then the job’s progress and its outcome', async () => {
    const sent: string[] = [];
    server.use(
      uploadRoute(sent),
      ...trpcHandler('imports.previewFile', () => vcardPreview(10)),
      ...importJob([
        status({ status: 'running', done: 4, total: 10 }),
        status({ status: 'done', done: 10, total: 10, outcome: outcome({ created: 10 }) }),
      ]),
    );
    openImportPage();
    const user = await chooseFile(aCard());
    await user.click(await screen.findByRole('button', { name: 'Import 10 contacts' }));
    expect(await screen.findByText('Importing… 4 of 10')).toBeInTheDocument();
    expect(await screen.findByText('10 contacts added', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(sent).toEqual(['BEGIN:VCARD\r\nEND:VCARD\r\n']);
    expect(receivedCalls.find((c) => c.path === 'imports.previewFile')?.input).toEqual({
      importId,
    });
    expect(receivedCalls.find((c) => c.path === 'imports.start')?.input).toEqual({
      importId,
      duplicates: 'skip',
      rows: [],
    });
  });

  it('says why a file is refused, in the server’s words', async () => {
    const message = 'The file is larger than 100 MB. Split it and import each part.';
    server.use(
      http.post('*/api/imports/upload', () => HttpResponse.json({ message }, { status: 413 })),
    );
    openImportPage();
    await chooseFile(aCard());
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByText('Drop a contacts file here')).toBeInTheDocument();
  });

  it('tells that a failed import was taken back', async () => {
    server.use(
      uploadRoute(),
      ...trpcHandler('imports.previewFile', () => vcardPreview(3)),
      ...importJob([status({ status: 'failed', error: 'The import stopped before its end.' })]),
    );
    openImportPage();
    const user = await chooseFile(aCard());
    await user.click(await screen.findByRole('button', { name: 'Import 3 contacts' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The import stopped: The import stopped before its end. Nothing was kept; your contacts are as they were.',
    );
  });

  it('sends skip or update for the duplicates, for all and row by row', async () => {
    const preview = vcardPreview(5);
    preview.counts = { ...preview.counts, contacts: 8, duplicates: 3 };
    preview.duplicates = [2, 3, 4].map((row) => ({
      row,
      contactId: `00000000-0000-4000-8000-00000000000${row}`,
      name: `Known ${row}`,
      reason: 'email' as const,
      contact: { ...preview.added[0]!, row, givenName: `Dup ${row}` },
    }));
    server.use(
      uploadRoute(),
      ...trpcHandler('imports.previewFile', () => preview),
      ...importJob([status({ status: 'done', outcome: outcome({ created: 5, updated: 2 }) })]),
    );
    openImportPage();
    const user = await chooseFile(aCard());
    await user.click(await screen.findByRole('button', { name: 'Update all' }));
    const dup3 = screen.getByRole('radiogroup', { name: 'What to do with Dup 3' });
    await user.click(within(dup3).getByText('Skip'));
    await user.click(screen.getByRole('button', { name: 'Import 5 and update 2' }));
    await screen.findByText('Import finished', {}, { timeout: 3000 });
    expect(receivedCalls.find((c) => c.path === 'imports.start')?.input).toEqual({
      importId,
      duplicates: 'update',
      rows: [{ row: 3, choice: 'skip' }],
    });
  });
});

describe('the finish screen', () => {
  async function importWith(result: ReturnType<typeof outcome>) {
    server.use(
      uploadRoute(),
      ...trpcHandler('imports.previewFile', () => vcardPreview(2)),
      ...importJob([status({ status: 'done', done: 2, total: 2, outcome: result })]),
    );
    openImportPage();
    const user = await chooseFile(aCard());
    await user.click(await screen.findByRole('button', { name: 'Import 2 contacts' }));
    await screen.findByText('Import finished', {}, { timeout: 3000 });
  }

  it('says an embedded photo that could not be read was left out', async () => {
    await importWith(outcome({ created: 2, photosDropped: 1 }));
    expect(
      screen.getByText('1 embedded photo could not be read and was left out.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/address/)).toBeNull();
  });

  it('says a photo address that could not be fetched is kept with the contact', async () => {
    await importWith(outcome({ created: 2, photoAddressesKept: 2 }));
    expect(
      screen.getByText(
        '2 photo addresses could not be fetched; the addresses are kept with the contacts.',
      ),
    ).toBeInTheDocument();
  });

  it('undoes the import from its button', async () => {
    await importWith(outcome({ created: 2 }));
    fireEvent.click(screen.getByRole('button', { name: 'Undo import' }));
    expect(
      await screen.findByText('Import undone. Your contacts are as they were.'),
    ).toBeInTheDocument();
    expect(receivedCalls.find((c) => c.path === 'imports.undo')?.input).toEqual({ importId });
  });
});

describe('a file whose encoding is not sure', () => {
  it('shows both readings with their first names, and uploads the one chosen as UTF-8', async () => {
    const sent: string[] = [];
    server.use(
      uploadRoute(sent),
      ...trpcHandler('imports.previewFile', () =>
        vcardPreview(2, [{ givenName: '太郎', familyName: '山田' }]),
      ),
    );
    openImportPage();
    const bytes = new Uint8Array(
      readFileSync(join(import.meta.dirname, 'fixtures', 'shift_jis.vcf')),
    );
    const user = await chooseFile(bytes);
    expect(await screen.findByText('Which reading looks right?')).toBeInTheDocument();
    const japanese = screen.getByRole('region', { name: 'Shift_JIS (Japanese)' });
    const western = screen.getByRole('region', { name: 'Windows-1252 (Western European)' });
    expect(within(japanese).getByText('山田 太郎')).toBeInTheDocument();
    expect(within(western).queryByText('山田 太郎')).toBeNull();
    // Nothing is sent before the person chooses.
    expect(sent).toEqual([]);

    await user.click(
      within(japanese).getByRole('button', { name: 'Read as Shift_JIS (Japanese)' }),
    );
    expect(await screen.findByText('Check before importing')).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toContain('FN:山田 太郎');
    expect(screen.getByText(/Its text was read as Shift_JIS \(Japanese\)\./)).toBeInTheDocument();
  });
});

describe('the preview of a large file', () => {
  it('names the first people to be added, and writes every count in the language’s format', async () => {
    server.use(
      uploadRoute(),
      ...trpcHandler('imports.previewFile', () =>
        vcardPreview(50_000, [{ givenName: 'Émile', familyName: 'Rossi' }]),
      ),
    );
    openImportPage();
    await chooseFile(aCard());
    const added = await screen.findByRole('region', { name: 'Who will be added' });
    const names = within(added)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(names).toEqual([
      'Émile Rossi',
      ...Array.from({ length: 7 }, (_, i) => `Person ${i + 2}`),
    ]);
    expect(within(added).getByText('and 49,992 more')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import 50,000 contacts' })).toBeInTheDocument();
  });
});
