import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp, server, signedIn, setUpMswServer } from '../../../test/render-app';
import { receivedCalls, trpcError, trpcHandler } from '../../../test/trpc-msw';
import { contactDto, listItemOf } from '../../../test/contact-dto';

setUpMswServer();

const id = '22222222-2222-4222-8222-222222222222';
const photoId = '33333333-3333-4333-8333-333333333333';
const contact = contactDto(id, 'Ada', 'Lovelace', {
  emails: [{ value: 'ada@example.com', type: 'home' }],
  phones: [{ value: '+44 20 7946 0018', type: 'cell' }],
});

function openEditPage(loaded: typeof contact = contact) {
  server.use(
    ...signedIn(),
    ...trpcHandler('contacts.byId', () => loaded),
    ...trpcHandler('contacts.update', (input) => ({ ...contact, ...(input as object) })),
    ...trpcHandler('contacts.listItems', () => ({
      items: [listItemOf(contact)],
      nextCursor: null,
      total: 1,
    })),
  );
  return renderApp(`/person/edit/${id}`);
}

describe('the edit screen', () => {
  it('fills the single name field from the loaded contact', async () => {
    openEditPage();
    expect(await screen.findByRole('textbox', { name: /^Name( \*)?$/ })).toHaveValue(
      'Ada Lovelace',
    );
  });

  it('leaves for the contact without a dialog when nothing changed', async () => {
    const { history } = openEditPage();
    await screen.findByRole('textbox', { name: /^Name( \*)?$/ });
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    // Back from Edit leads to the contact, not to the list.
    await waitFor(() => expect(history.location.pathname).toBe(`/person/${id}`));
    expect(screen.queryByRole('dialog', { name: 'Discard Changes' })).toBeNull();
  });

  it('asks before discarding once a field changed', async () => {
    openEditPage();
    const name = await screen.findByRole('textbox', { name: /^Name( \*)?$/ });
    fireEvent.change(name, { target: { value: 'Ada King' } });
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('dialog', { name: 'Discard Changes' })).toBeInTheDocument();
  });

  it('saves a change as a JSON update and says so', async () => {
    openEditPage();
    const name = await screen.findByRole('textbox', { name: /^Name( \*)?$/ });
    fireEvent.change(name, { target: { value: 'Ada King' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Contact Updated')).toBeInTheDocument();
    expect(receivedCalls.find((c) => c.path === 'contacts.update')?.input).toMatchObject({
      id,
      givenName: 'Ada',
      familyName: 'King',
    });
  });

  it('saves a new photo by uploading it, then pointing the contact at it', async () => {
    const user = userEvent.setup();
    openEditPage();
    server.use(
      ...trpcHandler('images.upload', () => ({ image: { publicId: photoId, url: '/p' } })),
    );
    await screen.findByRole('textbox', { name: /^Name( \*)?$/ });
    const file = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'me.jpg', { type: 'image/jpeg' });
    await user.upload(document.querySelector('input[type="file"]') as HTMLInputElement, file);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    // Toasts outlive a test, so wait for the calls themselves.
    await waitFor(() =>
      expect(receivedCalls.find((c) => c.path === 'contacts.update')?.input).toMatchObject({
        id,
        photo: photoId,
      }),
    );
    const paths = receivedCalls.map((c) => c.path);
    expect(paths.indexOf('images.upload')).toBeLessThan(paths.indexOf('contacts.update'));
  });

  it('shows the refusal under its field and deletes the new photo when the save fails', async () => {
    const user = userEvent.setup();
    openEditPage();
    server.use(
      ...trpcHandler('images.upload', () => ({ image: { publicId: photoId, url: '/p' } })),
      ...trpcHandler('images.delete', (input) => input),
      ...trpcHandler('contacts.update', () => {
        throw trpcError('BAD_REQUEST', 'Invalid email address', 400, {
          emails: ['Invalid email address'],
        });
      }),
    );
    await screen.findByRole('textbox', { name: /^Name( \*)?$/ });
    const file = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'me.jpg', { type: 'image/jpeg' });
    await user.upload(document.querySelector('input[type="file"]') as HTMLInputElement, file);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findAllByText('Invalid email address')).not.toHaveLength(0);
    await waitFor(() =>
      expect(receivedCalls.find((c) => c.path === 'images.delete')?.input).toEqual({
        publicId: photoId,
      }),
    );
  });

  it('keeps a family name of several words when the edited name still ends with it', async () => {
    openEditPage(contactDto(id, 'Rosalía', 'de Castro', { phones: contact.phones }));
    const name = await screen.findByRole('textbox', { name: /^Name( \*)?$/ });
    fireEvent.change(name, { target: { value: 'Rosalía María de Castro' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Contact Updated')).toBeInTheDocument();
    expect(receivedCalls.find((c) => c.path === 'contacts.update')?.input).toMatchObject({
      givenName: 'Rosalía María',
      familyName: 'de Castro',
    });
  });

  it('saves an imported contact with a yearless birthday and no phone, sending only what changed', async () => {
    openEditPage({
      ...contact,
      phones: [],
      birthday: { day: 15, month: 4, year: null },
      addresses: [
        {
          type: '',
          poBox: '',
          extended: '',
          street: '',
          locality: 'Paris',
          region: '',
          postalCode: '',
          country: '',
        },
      ],
    });
    const name = await screen.findByRole('textbox', { name: /^Name( \*)?$/ });
    fireEvent.change(name, { target: { value: 'Ada King' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Contact Updated')).toBeInTheDocument();
    const input = receivedCalls.find((c) => c.path === 'contacts.update')?.input as Record<
      string,
      unknown
    >;
    expect(input).toMatchObject({ id, givenName: 'Ada', familyName: 'King' });
    expect(input.birthday).toBeUndefined();
    expect(input.phones).toBeUndefined();
    expect(input.addresses).toBeUndefined();
  });

  it('adds a second phone with its type, and sends the whole list with the first unchanged', async () => {
    openEditPage();
    await screen.findByRole('textbox', { name: /^Name( \*)?$/ });
    fireEvent.click(screen.getByRole('button', { name: 'Add phone' }));
    fireEvent.change(await screen.findByRole('textbox', { name: /^Phone 2/ }), {
      target: { value: '+44 20 7946 0099' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Contact Updated')).toBeInTheDocument();
    const input = receivedCalls.find((c) => c.path === 'contacts.update')?.input as Record<
      string,
      unknown
    >;
    expect(input.phones).toEqual([
      { value: '+44 20 7946 0018', type: 'cell' },
      { value: '+44 20 7946 0099', type: 'cell' },
    ]);
    expect(input.emails).toBeUndefined();
  });

  it("shows 'Something went wrong' with the message and Refresh Page when loading fails", async () => {
    server.use(
      ...signedIn(),
      ...trpcHandler('contacts.byId', () => {
        throw trpcError('NOT_FOUND', 'Contact not found.', 404);
      }),
    );
    renderApp(`/person/edit/${id}`);
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    expect(screen.getByText('Contact not found.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh Page' })).toBeInTheDocument();
  });
});
