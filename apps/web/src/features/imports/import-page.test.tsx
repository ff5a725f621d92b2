import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp, server, signedIn, setUpMswServer } from '../../test/render-app';
import { receivedCalls, trpcHandler } from '../../test/trpc-msw';
import { UNFINISHED_IMPORT_KEY, type Preview } from './api';

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

/** A preview of `contacts` as the server answers it for a vCard file. */
function vcardPreview(contacts: Partial<Preview['contacts'][number]>[]): Preview {
  return {
    format: 'vcard',
    columns: [],
    sample: [],
    mapping: [],
    needsMapping: false,
    contacts: contacts.map((contact, i) => ({
      row: i + 1,
      givenName: `Person ${i + 1}`,
      familyName: '',
      formattedName: '',
      nameIsStandIn: false,
      org: '',
      title: '',
      birthday: null,
      photo: '',
      labels: [],
      isFavorite: false,
      extra: [],
      ...contact,
    })),
    problems: [],
    duplicates: [],
    dateOrder: null,
  };
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

describe('the finish screen', () => {
  const embedded = 'data:image/jpeg;base64,/9j/AAAA';
  const address = 'https://photos.example.com/ada.jpg';

  async function importWith(photos: string[], photosFailed: number) {
    server.use(
      http.post('*/api/imports/preview', () =>
        HttpResponse.json(vcardPreview(photos.map((photo) => ({ photo })))),
      ),
      ...trpcHandler('imports.batch', () => ({
        created: photos.length,
        updated: 0,
        photosFailed,
      })),
    );
    openImportPage();
    const user = await chooseFile(new TextEncoder().encode('BEGIN:VCARD\r\nEND:VCARD\r\n'));
    await user.click(
      await screen.findByRole('button', { name: `Import ${photos.length} contacts` }),
    );
    await screen.findByText('Import finished');
  }

  it('says an embedded photo that could not be read was left out, not that its address is kept', async () => {
    await importWith([embedded, embedded], 1);
    expect(
      screen.getByText('1 embedded photo could not be read and was left out.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/address/)).toBeNull();
  });

  it('says a photo address that could not be fetched is kept with the contact', async () => {
    await importWith([address, address, ''], 2);
    expect(
      screen.getByText(
        '2 photo addresses could not be fetched; the addresses are kept with the contacts.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/left out/)).toBeNull();
  });

  it('says what happens to each kind when a batch held both and cannot say which failed', async () => {
    await importWith([embedded, address], 1);
    expect(
      screen.getByText(
        '1 photo could not be read: an embedded photo is left out, a photo address is kept with the contact.',
      ),
    ).toBeInTheDocument();
  });
});

describe('a file whose encoding is not sure', () => {
  it('shows both readings with their first names, and previews the one chosen', async () => {
    const sent: string[] = [];
    server.use(
      http.post('*/api/imports/preview', async ({ request }) => {
        const { content } = (await request.json()) as { content: string };
        sent.push(content);
        return HttpResponse.json(vcardPreview([{ givenName: '太郎', familyName: '山田' }]));
      }),
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
    expect(within(japanese).getByText('佐藤 花子')).toBeInTheDocument();
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

  it('reads a UTF-8 file without asking', async () => {
    server.use(
      http.post('*/api/imports/preview', () =>
        HttpResponse.json(vcardPreview([{ givenName: 'Zoë' }])),
      ),
    );
    openImportPage();
    await chooseFile(new TextEncoder().encode('BEGIN:VCARD\r\nFN:Zoë\r\nEND:VCARD\r\n'));
    expect(await screen.findByText('Check before importing')).toBeInTheDocument();
    expect(screen.queryByText('Which reading looks right?')).toBeNull();
  });
});

describe('the preview and the finish screen of a large file', () => {
  it('names the first people to be added, and writes every count in the language’s format', async () => {
    const people = Array.from({ length: 1505 }, (_, i) => ({
      givenName: i === 0 ? 'Émile' : `Person ${i + 1}`,
      familyName: i === 0 ? 'Rossi' : '',
    }));
    server.use(
      http.post('*/api/imports/preview', () => HttpResponse.json(vcardPreview(people))),
      ...trpcHandler('imports.batch', (input) => ({
        created: (input as { create: unknown[] }).create.length,
        updated: 0,
        photosFailed: 0,
      })),
    );
    openImportPage();
    const user = await chooseFile(new TextEncoder().encode('BEGIN:VCARD\r\nEND:VCARD\r\n'));
    const added = await screen.findByRole('region', { name: 'Who will be added' });
    const names = within(added)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(names).toEqual([
      'Émile Rossi',
      ...Array.from({ length: 7 }, (_, i) => `Person ${i + 2}`),
    ]);
    expect(within(added).getByText('and 1,497 more')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Import 1,505 contacts' }));
    expect(await screen.findByText('1,505 contacts added')).toBeInTheDocument();
  });
});
