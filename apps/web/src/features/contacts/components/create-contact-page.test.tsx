import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp, server, signedIn, setUpMswServer } from '../../../test/render-app';
import { receivedCalls, trpcHandler } from '../../../test/trpc-msw';

setUpMswServer();

const emptyPage = { items: [], nextCursor: null, total: 0 };

function openCreatePage() {
  server.use(
    ...signedIn(),
    ...trpcHandler('contacts.list', () => emptyPage),
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
