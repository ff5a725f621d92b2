import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { renderApp, server, signedIn, setUpMswServer } from '../../../test/render-app';
import { trpcHandler } from '../../../test/trpc-msw';
import { contactDto } from '../../../test/contact-dto';

setUpMswServer();

const id = '55555555-5555-4555-8555-555555555555';
const contact = contactDto(id, 'Marta', 'Ruiz', {
  birthday: { day: 15, month: 4, year: 1984 },
  phones: [{ value: '+34 555 654 321', type: 'cell' }],
  dates: [{ type: 'anniversary', day: 12, month: 6, year: 2011 }],
});

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
