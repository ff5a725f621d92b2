import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server, setUpMswServer } from '../../test/render-app';
import { RouteError } from '../../lib/notify';
import { uploadBody, uploadImportFile } from './api';

setUpMswServer();

const importId = '44444444-4444-4444-8444-444444444444';

describe('uploadImportFile (POST /api/imports/upload)', () => {
  it('refreshes an ended session once and sends the file again', async () => {
    let sessionLive = false;
    const bodies: string[] = [];
    const names: (string | null)[] = [];
    server.use(
      http.post('*/api/trpc/auth.refresh', () => {
        sessionLive = true;
        return HttpResponse.json({ result: { data: { json: { ok: true } } } });
      }),
      http.post('*/api/imports/upload', async ({ request }) => {
        bodies.push(await request.text());
        names.push(new URL(request.url).searchParams.get('name'));
        if (!sessionLive) return HttpResponse.json({ message: 'ended' }, { status: 403 });
        return HttpResponse.json({ importId, byteSize: 11 }, { status: 201 });
      }),
    );
    const file = new Blob(['BEGIN:VCARD'], { type: 'text/vcard' });
    await expect(uploadImportFile('cards.vcf', file, () => {})).resolves.toBe(importId);
    expect(bodies).toEqual(['BEGIN:VCARD', 'BEGIN:VCARD']);
    expect(names).toEqual(['cards.vcf', 'cards.vcf']);
  });

  it("throws the server's message for a file over the limit", async () => {
    const message = 'The file is larger than 100 MB. Split it and import each part.';
    server.use(
      http.post('*/api/imports/upload', () => HttpResponse.json({ message }, { status: 413 })),
    );
    const failure = uploadImportFile('big.csv', new Blob(['a,b']), () => {});
    await expect(failure).rejects.toBeInstanceOf(RouteError);
    await expect(failure).rejects.toMatchObject({ status: 413, message });
  });
});

describe('uploadBody: what is sent for a file read in some encoding', () => {
  it('sends a UTF-8 file as it is, and the text of any other encoding as UTF-8', async () => {
    const utf8 = new Blob(['Zoë']);
    expect(uploadBody(utf8, { text: 'Zoë', encoding: 'utf-8' })).toBe(utf8);
    const legacy = new Blob([new Uint8Array([0x5a, 0x6f, 0xeb])]);
    const sent = uploadBody(legacy, { text: 'Zoë', encoding: 'windows-1252' });
    expect([...(await bytesOf(sent))]).toEqual([...new TextEncoder().encode('Zoë')]);
  });
});

/** A blob's bytes (jsdom's Blob has no `arrayBuffer`). */
function bytesOf(blob: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}
