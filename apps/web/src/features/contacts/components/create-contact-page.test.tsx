import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { renderApp, server, signedIn, setUpMswServer } from '../../../test/render-app';
import { receivedCalls, trpcHandler } from '../../../test/trpc-msw';
import { contactDto } from '../../../test/contact-dto';

setUpMswServer();

const emptyPage = { items: [], nextCursor: null, total: 0 };

function openCreatePage() {
  server.use(
    ...signedIn(),
    ...trpcHandler('contacts.listItems', () => emptyPage),
    ...trpcHandler('images.upload', () => ({
      image: { publicId: '11111111-1111-4111-8111-111111111111', url: '/uploads/x.webp' },
    })),
    ...trpcHandler('images.delete', (input) => input),
  );
  return renderApp('/new');
}

const field = (label: string) => screen.getByRole('textbox', { name: new RegExp(`^${label}`) });

async function save() {
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
}

describe('the create contact screen checks its fields', () => {
  it('shows the required-field messages under their fields', async () => {
    openCreatePage();
    await screen.findByRole('heading', { name: 'Create contact' });
    await save();
    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    expect(screen.getByText('Last name is required')).toBeInTheDocument();
    expect(screen.getByText('Phone number is required')).toBeInTheDocument();
    expect(receivedCalls.filter((c) => c.path === 'contacts.create')).toEqual([]);
  });

  it.each([
    ['Email', 'not-an-email', 'Invalid email'],
    ['Company', 'Acme', 'If one worksAt field is filled, all must be filled.'],
    ['City', 'Paris', 'If one location field is filled, all must be filled.'],
    ['Day', '12', 'If one birthday field is filled, all must be filled.'],
  ])('typing only %s = %j shows %j', async (label, value, message) => {
    openCreatePage();
    await screen.findByRole('heading', { name: 'Create contact' });
    fireEvent.change(field(label), { target: { value } });
    await save();
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('checks the birthday bounds', async () => {
    openCreatePage();
    await screen.findByRole('heading', { name: 'Create contact' });
    fireEvent.change(field('Day'), { target: { value: '40' } });
    fireEvent.click(screen.getByRole('combobox', { name: 'Month' }));
    fireEvent.click(await screen.findByRole('option', { name: 'May', hidden: true }));
    fireEvent.change(field('Year'), { target: { value: '1850' } });
    await save();
    expect(await screen.findByText('Day must be between 1 and 31')).toBeInTheDocument();
    expect(
      screen.getByText(`Year must be between 1900 and ${new Date().getFullYear()}`),
    ).toBeInTheDocument();
  });
});

describe('the create contact screen asks before discarding', () => {
  it('goes back without asking when nothing was filled', async () => {
    const { history } = openCreatePage();
    await screen.findByRole('heading', { name: 'Create contact' });
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(history.location.pathname).toBe('/'));
    expect(screen.queryByRole('dialog', { name: 'Discard Changes' })).toBeNull();
  });

  it('asks before discarding; Cancel keeps the form, Discard leaves and deletes the uploaded photo', async () => {
    const user = userEvent.setup();
    const { history } = openCreatePage();
    await screen.findByRole('heading', { name: 'Create contact' });
    const file = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'me.jpg', { type: 'image/jpeg' });
    await user.upload(document.querySelector('input[type="file"]') as HTMLInputElement, file);
    await screen.findByText('Image uploaded successfully!');
    fireEvent.change(field('First name'), { target: { value: 'Ada' } });

    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    const dialog = await screen.findByRole('dialog', { name: 'Discard Changes' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Discard Changes' })).toBeNull(),
    );
    expect(field('First name')).toHaveValue('Ada');

    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Discard Changes' })).getByRole('button', {
        name: 'Discard',
      }),
    );
    await waitFor(() => expect(history.location.pathname).toBe('/'));
    expect(receivedCalls.filter((c) => c.path === 'images.delete')).toEqual([
      { path: 'images.delete', input: { publicId: '11111111-1111-4111-8111-111111111111' } },
    ]);
  });

  it('refuses a file that is not an image with the image message, without uploading it', async () => {
    const user = userEvent.setup({ applyAccept: false });
    openCreatePage();
    await screen.findByRole('heading', { name: 'Create contact' });
    const file = new File(['hello'], 'notes.txt', { type: 'text/plain' });
    await user.upload(document.querySelector('input[type="file"]') as HTMLInputElement, file);
    expect(await screen.findByText('Please select a valid image file.')).toBeInTheDocument();
    expect(receivedCalls.filter((c) => c.path === 'images.upload')).toEqual([]);
  });
});

describe('the create contact screen while its save is on its way', () => {
  it('does not offer Discard: Back says it is still saving, and the saved contact then opens', async () => {
    let release = () => {};
    const answered = new Promise<void>((resolve) => (release = resolve));
    const id = '22222222-2222-4222-8222-222222222222';
    const { history } = openCreatePage();
    server.use(
      // Holds the create until the test lets it through (a slow network), then falls through
      // to the answering handler.
      http.post(/contacts\.create/, async () => void (await answered)),
      ...trpcHandler('contacts.create', () => contactDto(id, 'Ada', 'Lovelace')),
      ...trpcHandler('contacts.byId', () => contactDto(id, 'Ada', 'Lovelace')),
      ...trpcHandler('labels.list', () => []),
      ...trpcHandler('labels.ofContact', () => []),
      ...trpcHandler('keepInTouch.get', () => null),
    );
    await screen.findByRole('heading', { name: 'Create contact' });
    fireEvent.change(field('First name'), { target: { value: 'Ada' } });
    fireEvent.change(field('Last name'), { target: { value: 'Lovelace' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Phone/ }), {
      target: { value: '+44 20 7946 0958' },
    });
    await save();
    await screen.findByText('Contact Is Creating...');

    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(
      await screen.findByText('Still saving. The contact opens once it is saved.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Discard Changes' })).toBeNull();

    release();
    expect(await screen.findByText('Contact Created')).toBeInTheDocument();
    await waitFor(() => expect(history.location.pathname).toBe(`/person/${id}`), {
      timeout: 4000,
    });
    expect(receivedCalls.filter((c) => c.path === 'contacts.create')).toHaveLength(1);
  });
});

describe('the create contact screen guides before Save', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('says the birthday year and length limits in Spanish, with their numbers', async () => {
    await i18n.changeLanguage('es');
    openCreatePage();
    await screen.findByRole('heading', { name: 'Crear contacto' });
    fireEvent.change(field('Año'), { target: { value: '1850' } });
    fireEvent.change(field('Empresa'), { target: { value: 'x'.repeat(201) } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(
      await screen.findByText(`El año debe estar entre 1900 y ${new Date().getFullYear()}`),
    ).toBeInTheDocument();
    expect(screen.getByText('Como máximo 200 caracteres')).toBeInTheDocument();
  });

  it('warns under a phone that no phone can dial once the field is left, and still saves it as typed', async () => {
    openCreatePage();
    server.use(
      ...trpcHandler('contacts.create', () =>
        contactDto('33333333-3333-4333-8333-333333333333', 'Ada', 'Lovelace'),
      ),
    );
    await screen.findByRole('heading', { name: 'Create contact' });
    const warning = 'This does not look like a number a phone can dial. It is saved as typed.';
    const phone = screen.getByRole('textbox', { name: /^Phone/ });
    fireEvent.focus(phone);
    fireEvent.change(phone, { target: { value: 'ask at reception' } });
    expect(screen.queryByText(warning)).toBeNull();
    fireEvent.blur(phone);
    expect(await screen.findByText(warning)).toBeInTheDocument();
    expect(phone).toHaveAccessibleDescription(warning);

    fireEvent.change(phone, { target: { value: '+44 (0)20 7946 0958' } });
    await waitFor(() => expect(screen.queryByText(warning)).toBeNull());
    fireEvent.change(phone, { target: { value: 'ask at reception' } });
    fireEvent.change(field('First name'), { target: { value: 'Ada' } });
    fireEvent.change(field('Last name'), { target: { value: 'Lovelace' } });
    await save();
    await screen.findByText('Contact Created');
    const [create] = receivedCalls.filter((c) => c.path === 'contacts.create');
    expect((create?.input as { phones: unknown }).phones).toEqual([
      { value: 'ask at reception', type: 'cell' },
    ]);
  });

  it('holds the note to its limit and counts its characters near it', async () => {
    openCreatePage();
    await screen.findByRole('heading', { name: 'Create contact' });
    const note = field('Notes');
    expect(note).toHaveAttribute('maxlength', '65536');
    fireEvent.change(note, { target: { value: 'x'.repeat(1000) } });
    expect(screen.queryByText(/of 65,536 characters/)).toBeNull();
    fireEvent.change(note, { target: { value: 'x'.repeat(60_000) } });
    expect(await screen.findByText('60,000 of 65,536 characters')).toBeInTheDocument();
  });

  it('names the button that makes a second phone the preferred one', async () => {
    openCreatePage();
    await screen.findByRole('heading', { name: 'Create contact' });
    fireEvent.click(screen.getByRole('button', { name: 'Add phone' }));
    expect(await screen.findByRole('button', { name: 'Make Phone 2 preferred' })).toBeEnabled();
  });
});
