import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { renderApp, server, signedIn, setUpMswServer } from '../../../test/render-app';
import { receivedCalls, trpcHandler } from '../../../test/trpc-msw';
import { contactDto, type ContactDto } from '../../../test/contact-dto';

setUpMswServer();

const id = '44444444-4444-4444-8444-444444444444';

/** A contact as the API answers one that came from a phone over CardDAV. */
function fromPhone(overrides: Partial<ContactDto> = {}) {
  return contactDto(id, 'Tia', 'Types', {
    emails: [{ value: 'tia@school.example', type: 'x-school' }],
    phones: [
      { value: '+1 555 0101', type: 'fax,x-aunt' },
      { value: '+1 555 0102', type: 'cell' },
      { value: '+1 555 0103', type: 'msg,work' },
      { value: '+1 555 0104', type: 'fax,work' },
    ],
    addresses: [
      {
        type: 'work,postal',
        poBox: '',
        extended: '',
        street: '1 Market St',
        locality: 'San Francisco',
        region: 'CA',
        postalCode: '94105',
        country: 'USA',
      },
    ],
    urls: [{ value: 'https://example.com/tia', type: 'HomePage' }],
    related: [
      { value: 'Sam Types', type: 'spouse' },
      { value: 'Ada', type: 'DOMESTIC_PARTNER' },
    ],
    extra: [{ name: 'LABEL', label: 'home,parcel', value: '1 Market St' }],
    ...overrides,
  });
}

/** The detail page of `contact`, with the calls it makes beside the contact answered. */
function openDetailPage(contact: ReturnType<typeof fromPhone>) {
  server.use(
    ...signedIn(),
    ...trpcHandler('contacts.byId', () => contact),
    ...trpcHandler('labels.list', () => []),
    ...trpcHandler('labels.ofContact', () => []),
    ...trpcHandler('keepInTouch.get', () => null),
  );
  return renderApp(`/person/${id}`);
}

describe('the detail page of a contact from a phone', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('names every type in words, and unknown ones as written', async () => {
    openDetailPage(fromPhone());
    expect(await screen.findByText('Phone · Fax, aunt')).toBeInTheDocument();
    expect(screen.getByText('Phone · Mobile')).toBeInTheDocument();
    expect(screen.getByText('Phone · Work, message')).toBeInTheDocument();
    expect(screen.getByText('Phone · Work Fax')).toBeInTheDocument();
    expect(screen.getByText('Email · school')).toBeInTheDocument();
    expect(screen.getByText('Address · Work, postal')).toBeInTheDocument();
    expect(screen.getByText('Website · Home page')).toBeInTheDocument();
    expect(screen.getByText('Related person · Spouse')).toBeInTheDocument();
    expect(screen.getByText('Related person · Domestic partner')).toBeInTheDocument();
    expect(screen.getByText('LABEL (Home, parcel)')).toBeInTheDocument();
  });

  it('names the types in Spanish on the Spanish interface', async () => {
    await i18n.changeLanguage('es');
    openDetailPage(fromPhone());
    expect(await screen.findByText('Teléfono · Fax del trabajo')).toBeInTheDocument();
    expect(screen.getByText('Teléfono · Trabajo, mensaje')).toBeInTheDocument();
    expect(screen.getByText('Persona relacionada · Cónyuge')).toBeInTheDocument();
  });

  it('shows the stand-in name of a nameless card in the interface language', async () => {
    const nameless = fromPhone({ givenName: 'No name', familyName: '' });
    await i18n.changeLanguage('es');
    openDetailPage(nameless);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sin nombre' }),
    ).toBeInTheDocument();
    expect(screen.queryByText('No name')).toBeNull();
  });

  it('keeps the stand-in name in English on the English interface', async () => {
    openDetailPage(fromPhone({ givenName: 'No name', familyName: '' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'No name' })).toBeInTheDocument();
  });
});

describe('the detail page reads a contact as a person expects', () => {
  it('dials a pasted "+44 (0)20 7946 0958" without the trunk 0, and shows it formatted', async () => {
    openDetailPage(
      contactDto(id, 'Ada', 'Lovelace', {
        phones: [{ value: '+44 (0)20 7946 0958', type: 'work' }],
        extra: [{ name: 'TEL', label: 'x-desk', value: '+44 (0)20 7946 0959' }],
      }),
    );
    const phone = await screen.findByRole('link', { name: '+44 20 7946 0958' });
    expect(phone).toHaveAttribute('href', 'tel:+442079460958');
    expect(screen.getByRole('link', { name: '+44 20 7946 0959' })).toHaveAttribute(
      'href',
      'tel:+442079460959',
    );
  });

  it('labels a department shown without a company or a job title', async () => {
    openDetailPage(contactDto(id, 'Ada', 'Lovelace', { orgUnits: ['Research'] }));
    expect(await screen.findByText('Department: Research')).toBeInTheDocument();
  });

  it('draws the initials from the given and family name, not the prefix and suffix', async () => {
    openDetailPage(
      contactDto(id, 'Ada', 'Lovelace', { honorificPrefixes: 'Dr', honorificSuffixes: 'PhD' }),
    );
    const avatar = await screen.findByRole('img', { name: 'Dr Ada Lovelace, PhD' });
    expect(avatar).toHaveTextContent(/^AL$/);
  });

  it('moves the contact to the Trash with Undo in the toast, which recovers it', async () => {
    openDetailPage(contactDto(id, 'Ada', 'Lovelace'));
    server.use(
      ...trpcHandler('trash.add', () => ({ id })),
      ...trpcHandler('trash.recover', () => ({ id })),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Move to trash' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete from contacts?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move To Trash' }));
    expect(await screen.findByText('Contact move to trash')).toBeInTheDocument();
    fireEvent.click(await screen.findByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Undone')).toBeInTheDocument();
    await waitFor(() =>
      expect(receivedCalls.filter((c) => c.path === 'trash.recover')).toEqual([
        { path: 'trash.recover', input: { id } },
      ]),
    );
  });
});
