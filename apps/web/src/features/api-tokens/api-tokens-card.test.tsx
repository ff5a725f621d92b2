import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { i18n, i18nReady } from '../../lib/i18n';
import { server, setUpMswServer } from '../../test/render-app';
import { renderWithApi } from '../../test/render-with-api';
import { receivedCalls, trpcError, trpcHandler } from '../../test/trpc-msw';
import { ApiTokensCard } from './api-tokens-card';

setUpMswServer();

const inputsOf = (path: string) =>
  receivedCalls.filter((call) => call.path === path).map((call) => call.input);

type ApiToken = {
  id: string;
  name: string;
  prefix: string;
  scopes: string[];
  createdAt: Date;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
};

const backup: ApiToken = {
  id: '00000000-0000-4000-8000-0000000000a1',
  name: 'Backup script',
  prefix: 'kith_AbCd',
  scopes: ['contacts:read', 'labels:write'],
  createdAt: new Date('2026-03-12T10:00:00Z'),
  expiresAt: new Date('2026-04-11T10:00:00Z'),
  lastUsedAt: new Date('2026-03-20T09:30:00Z'),
};

const dashboard: ApiToken = {
  id: '00000000-0000-4000-8000-0000000000a2',
  name: 'Dashboard',
  prefix: 'kith_XyZ0',
  scopes: ['reminders:read'],
  createdAt: new Date('2026-05-01T08:00:00Z'),
  expiresAt: null,
  lastUsedAt: null,
};

const TOKEN = 'kith_' + 'Q'.repeat(43);

describe('API tokens on /me', () => {
  beforeAll(async () => {
    await i18nReady;
  });
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterAll(async () => {
    await i18n.changeLanguage('en');
  });

  it('lists each token with its first characters, its scopes in words and its dates', async () => {
    server.use(...trpcHandler('apiTokens.list', () => [backup, dashboard]));
    renderWithApi(<ApiTokensCard />);
    const rows = await screen.findAllByTestId('api-token-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Backup script');
    expect(within(rows[0]!).getByText('kith_AbCd…').tagName).toBe('CODE');
    expect(rows[0]).toHaveTextContent('Contacts: read · Labels: read and write');
    expect(rows[0]).toHaveTextContent('Created 12 March 2026');
    expect(rows[0]).toHaveTextContent('Expires 11 April 2026');
    expect(rows[0]).toHaveTextContent(/Last used 20 March 2026 at \d\d:30/);
    expect(rows[1]).toHaveTextContent('Reminders: read');
    expect(rows[1]).toHaveTextContent('Never expires');
    expect(rows[1]).toHaveTextContent('Not used yet');
    expect(within(rows[1]!).getByRole('button', { name: 'Revoke Dashboard' })).toBeInTheDocument();
  });

  it('says so in Spanish, with dates in Spanish, and when there is no token', async () => {
    await i18n.changeLanguage('es');
    server.use(...trpcHandler('apiTokens.list', () => [backup]));
    renderWithApi(<ApiTokensCard />);
    const row = await screen.findByTestId('api-token-row');
    expect(row).toHaveTextContent('Contactos: lectura · Etiquetas: lectura y escritura');
    expect(row).toHaveTextContent('Creado el 12 de marzo de 2026');
    expect(row).toHaveTextContent('Caduca el 11 de abril de 2026');
  });

  it('creates a token with the chosen scopes and lifetime, and shows it once with Copy and an example', async () => {
    const user = userEvent.setup();
    let tokens: ApiToken[] = [];
    server.use(
      ...trpcHandler('apiTokens.list', () => tokens),
      ...trpcHandler('apiTokens.create', (input) => {
        const { name, scopes } = input as { name: string; scopes: string[] };
        const apiToken = { ...dashboard, id: backup.id, name, scopes, prefix: 'kith_QQQQ' };
        tokens = [apiToken];
        return { token: TOKEN, apiToken };
      }),
    );
    renderWithApi(<ApiTokensCard />);
    expect(await screen.findByText('No API tokens yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create token' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create an API token' });

    // Nothing chosen: refused here, nothing sent.
    await user.click(within(dialog).getByRole('button', { name: 'Create token' }));
    expect(within(dialog).getByText('Give the token a name')).toBeInTheDocument();
    expect(
      within(dialog).getByText('Choose at least one thing the token may do'),
    ).toBeInTheDocument();
    expect(inputsOf('apiTokens.create')).toEqual([]);

    await user.type(within(dialog).getByRole('textbox', { name: /Token name/ }), ' Sync job ');
    const contacts = within(dialog).getByRole('radiogroup', { name: 'Contacts' });
    await user.click(within(contacts).getByRole('radio', { name: 'Read and write' }));
    const history = within(dialog).getByRole('radiogroup', { name: 'History' });
    await user.click(within(history).getByRole('radio', { name: 'Read' }));
    const expires = within(dialog).getByRole('combobox', { name: /Expires/ });
    expect(expires).toHaveValue('30');
    await user.selectOptions(expires, '90');
    await user.click(within(dialog).getByRole('button', { name: 'Create token' }));

    const shown = await screen.findByRole('dialog', { name: 'Copy your new token' });
    expect(inputsOf('apiTokens.create')).toEqual([
      { name: 'Sync job', scopes: ['contacts:write', 'history:read'], expiresInDays: 90 },
    ]);
    expect(within(shown).getByTestId('new-api-token')).toHaveTextContent(TOKEN);
    expect(within(shown).getByText('Copy it now: you will not see it again.')).toBeInTheDocument();
    expect(within(shown).getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    expect(within(shown).getByTestId('api-token-example')).toHaveTextContent(
      `curl -H "Authorization: Bearer ${TOKEN}" ${window.location.origin}/api/v1/contacts`,
    );
    const row = await screen.findByTestId('api-token-row');
    expect(row).toHaveTextContent('Sync job');
    expect(row).toHaveTextContent('Contacts: read and write · History: read');
    expect(row).not.toHaveTextContent(TOKEN);

    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByText(TOKEN)).not.toBeInTheDocument();
    // Opened again: a fresh form, never the old token.
    await user.click(screen.getByRole('button', { name: 'Create token' }));
    const again = await screen.findByRole('dialog', { name: 'Create an API token' });
    expect(within(again).getByRole('textbox', { name: /Token name/ })).toHaveValue('');
    expect(screen.queryByText(TOKEN)).not.toBeInTheDocument();
  });

  it('shows a never-expiring lifetime as null, and the 409 past 50 tokens as the form’s message', async () => {
    const user = userEvent.setup();
    server.use(
      ...trpcHandler('apiTokens.list', () => [backup]),
      ...trpcHandler('apiTokens.create', () => {
        throw trpcError(
          'CONFLICT',
          'You have 50 API tokens. Revoke one you no longer use first.',
          409,
        );
      }),
    );
    renderWithApi(<ApiTokensCard />);
    await screen.findByTestId('api-token-row');
    await user.click(screen.getByRole('button', { name: 'Create token' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create an API token' });
    await user.type(within(dialog).getByRole('textbox', { name: /Token name/ }), 'One more');
    const labels = within(dialog).getByRole('radiogroup', { name: 'Labels' });
    await user.click(within(labels).getByRole('radio', { name: 'Read' }));
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Expires/ }), 'never');
    await user.click(within(dialog).getByRole('button', { name: 'Create token' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('You have 50 API tokens. Revoke one you no longer use first.');
    expect(inputsOf('apiTokens.create')).toEqual([
      { name: 'One more', scopes: ['labels:read'], expiresInDays: null },
    ]);
    expect(screen.getByRole('dialog', { name: 'Create an API token' })).toBeInTheDocument();
    expect(screen.queryByTestId('new-api-token')).not.toBeInTheDocument();
  });

  it('shows the server’s field errors by their fields', async () => {
    const user = userEvent.setup();
    server.use(
      ...trpcHandler('apiTokens.list', () => []),
      ...trpcHandler('apiTokens.create', () => {
        throw trpcError('BAD_REQUEST', 'Use at most 64 characters', 400, {
          name: ['Use at most 64 characters'],
        });
      }),
    );
    renderWithApi(<ApiTokensCard />);
    await user.click(await screen.findByRole('button', { name: 'Create token' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create an API token' });
    const name = within(dialog).getByRole('textbox', { name: /Token name/ });
    await user.type(name, 'Script');
    await user.click(
      within(within(dialog).getByRole('radiogroup', { name: 'Contacts' })).getByRole('radio', {
        name: 'Read',
      }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Create token' }));
    expect(await within(dialog).findByText('Use at most 64 characters')).toBeInTheDocument();
    expect(name).toHaveAccessibleDescription(expect.stringContaining('Use at most 64 characters'));
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('revokes a token after the confirmation, and the list no longer has it', async () => {
    let tokens = [backup, dashboard];
    server.use(
      ...trpcHandler('apiTokens.list', () => tokens),
      ...trpcHandler('apiTokens.revoke', (input) => {
        tokens = tokens.filter((token) => token.id !== (input as { id: string }).id);
        return { revoked: true };
      }),
    );
    renderWithApi(<ApiTokensCard />);
    await screen.findAllByTestId('api-token-row');
    fireEvent.click(screen.getByRole('button', { name: 'Revoke Backup script' }));
    const confirm = await screen.findByRole('dialog', { name: 'Revoke this token?' });
    expect(confirm).toHaveTextContent('Scripts and apps that use “Backup script” will be refused');
    expect(inputsOf('apiTokens.revoke')).toEqual([]);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(screen.getAllByTestId('api-token-row')).toHaveLength(1));
    expect(inputsOf('apiTokens.revoke')).toEqual([{ id: backup.id }]);
    expect(screen.getByTestId('api-token-row')).toHaveTextContent('Dashboard');
    expect(await screen.findByText('API token revoked')).toBeInTheDocument();
  });

  it('cancels a revoke without a call', async () => {
    const user = userEvent.setup();
    server.use(...trpcHandler('apiTokens.list', () => [backup]));
    renderWithApi(<ApiTokensCard />);
    await user.click(await screen.findByRole('button', { name: 'Revoke Backup script' }));
    const confirm = await screen.findByRole('dialog', { name: 'Revoke this token?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(inputsOf('apiTokens.revoke')).toEqual([]);
    expect(screen.getByTestId('api-token-row')).toBeInTheDocument();
  });
});
