import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { renderApp, server, signedIn, setUpMswServer } from '../../../test/render-app';
import { trpcHandler } from '../../../test/trpc-msw';

setUpMswServer();

const id = '55555555-5555-4555-8555-555555555555';
const contact = {
  _id: id,
  userId: 'u',
  name: 'Marta Ruiz',
  firstName: 'Marta',
  lastName: 'Ruiz',
  avatar: { url: '', publicId: '' },
  email: '',
  phone: '+34 555 654 321',
  worksAt: { companyName: '', jobTitle: '' },
  location: { country: '', city: '', postCode: '', streetAddress: '' },
  birthday: { day: 15, month: 'april', year: 1984 },
  isFavorite: false,
  isTrashed: false,
  additionalNames: '',
  honorificPrefixes: '',
  honorificSuffixes: '',
  nickname: '',
  orgUnits: [] as string[],
  emails: [] as { value: string; type: string }[],
  phones: [{ value: '+34 555 654 321', type: 'cell' }],
  addresses: [] as Record<string, string>[],
  urls: [] as { value: string; type: string }[],
  impps: [] as { value: string; type: string }[],
  related: [] as { value: string; type: string }[],
  dates: [{ type: 'anniversary', day: 12, month: 6, year: 2011 }],
  note: '',
  extra: [],
  trashedAt: null,
  createdAt: new Date('2026-01-01T10:00:00Z'),
  updatedAt: new Date('2026-01-02T10:00:00Z'),
};

describe('the month of a birthday or date on the edit screen', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('is named in the interface language', async () => {
    await i18n.changeLanguage('es');
    server.use(...signedIn(), ...trpcHandler('contacts.byId', () => contact));
    renderApp(`/person/edit/${id}`);
    expect(await screen.findByDisplayValue('Abril')).toBeInTheDocument();
    expect(screen.getByDisplayValue('Junio')).toBeInTheDocument();
    expect(screen.queryByDisplayValue('April')).toBeNull();
  });

  it('reads in English on the English interface', async () => {
    server.use(...signedIn(), ...trpcHandler('contacts.byId', () => contact));
    renderApp(`/person/edit/${id}`);
    expect(await screen.findByDisplayValue('April')).toBeInTheDocument();
    expect(screen.getByDisplayValue('June')).toBeInTheDocument();
  });
});
