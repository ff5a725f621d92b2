import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server, setUpMswServer } from '../../test/render-app';
import { RouteError } from '../../lib/notify';
import { countFailedPhotos, previewImport, type ImportedContact } from './api';

setUpMswServer();

const preview = {
  format: 'vcard',
  columns: [],
  sample: [],
  mapping: [],
  needsMapping: false,
  contacts: [{ row: 1, givenName: 'Ada', familyName: 'Lovelace', org: '', title: '' }],
  problems: [],
  duplicates: [],
  dateOrder: null,
};

describe('previewImport (POST /api/imports/preview)', () => {
  it('refreshes an ended session once and sends the file again', async () => {
    let sessionLive = false;
    const bodies: unknown[] = [];
    server.use(
      http.post('*/api/trpc/auth.refresh', () => {
        sessionLive = true;
        return HttpResponse.json({ result: { data: { json: { ok: true } } } });
      }),
      http.post('*/api/imports/preview', async ({ request }) => {
        bodies.push(await request.json());
        if (!sessionLive) return HttpResponse.json({ message: 'ended' }, { status: 403 });
        return HttpResponse.json(preview);
      }),
    );
    await expect(previewImport({ content: 'BEGIN:VCARD' })).resolves.toEqual(preview);
    expect(bodies).toEqual([{ content: 'BEGIN:VCARD' }, { content: 'BEGIN:VCARD' }]);
  });

  it("throws the server's message for a file it cannot read", async () => {
    const message = 'This file is neither a CSV nor a vCard file Kith can read.';
    server.use(
      http.post('*/api/imports/preview', () => HttpResponse.json({ message }, { status: 400 })),
    );
    const failure = previewImport({ content: 'just one line' });
    await expect(failure).rejects.toBeInstanceOf(RouteError);
    await expect(failure).rejects.toMatchObject({ status: 400, message });
  });
});

describe('countFailedPhotos: what became of the photos a batch could not store', () => {
  const sent = (...photos: string[]) => photos.map((photo) => ({ photo }) as ImportedContact);
  const embedded = 'data:image/png;base64,iVBOR';
  const address = 'https://example.com/a.jpg';
  const count = (contacts: ImportedContact[], failed: number) => {
    const outcome = { photosDropped: 0, photoAddressesKept: 0, photosFailed: 0 };
    countFailedPhotos(outcome, contacts, failed);
    return outcome;
  };

  it('counts every failure of a batch of one kind as that kind', () => {
    expect(count(sent(embedded, embedded, ''), 2)).toEqual({
      photosDropped: 2,
      photoAddressesKept: 0,
      photosFailed: 0,
    });
    expect(count(sent(address, ''), 1)).toEqual({
      photosDropped: 0,
      photoAddressesKept: 1,
      photosFailed: 0,
    });
  });

  it('tells what it can of a batch holding both kinds, and leaves the rest open', () => {
    expect(count(sent(embedded, address), 2)).toEqual({
      photosDropped: 1,
      photoAddressesKept: 1,
      photosFailed: 0,
    });
    expect(count(sent(embedded, embedded, address), 2)).toEqual({
      photosDropped: 1,
      photoAddressesKept: 0,
      photosFailed: 1,
    });
  });
});
