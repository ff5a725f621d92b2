import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { i18n, i18nReady } from '../../lib/i18n';
import { server, setUpMswServer } from '../../test/render-app';
import { renderWithApi } from '../../test/render-with-api';
import { receivedCalls, trpcError, trpcHandler } from '../../test/trpc-msw';
import { PasswordCard } from './password-card';

setUpMswServer();

const inputsOf = (path: string) =>
  receivedCalls.filter((call) => call.path === path).map((call) => call.input);

const STEP_UP = 'Confirm it is you with your second factor first.';

/** Fills the three password fields and presses Change password. */
async function changePassword(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Current password'), 'old secret 1');
  await user.type(screen.getByLabelText('New password'), 'new secret 2');
  await user.type(screen.getByLabelText('Confirm new password'), 'new secret 2');
  await user.click(screen.getByRole('button', { name: 'Change password' }));
}

describe('Change password', () => {
  beforeAll(async () => {
    await i18nReady;
    await i18n.changeLanguage('en');
  });
  afterAll(async () => {
    await i18n.changeLanguage('en');
  });

  it('with two-step verification on, asks to confirm it is you, then changes the password', async () => {
    const user = userEvent.setup();
    let confirmed = false;
    server.use(
      ...trpcHandler('account.changePassword', () => {
        if (!confirmed) throw trpcError('PRECONDITION_FAILED', STEP_UP, 412);
        return { otherSessionsEnded: 2, appPasswordsRevoked: 0 };
      }),
      ...trpcHandler('security.overview', () => ({
        secondFactorOn: true,
        passkeys: [],
        totp: { enabledAt: new Date('2026-04-01T08:00:00Z') },
        recoveryCodes: { left: 7, createdAt: new Date('2026-03-12T10:00:00Z') },
        confirmedUntil: null,
      })),
      ...trpcHandler('security.confirm', () => {
        confirmed = true;
        return { confirmedUntil: new Date(Date.now() + 5 * 60_000) };
      }),
      ...trpcHandler('account.sessions', () => []),
      ...trpcHandler('appPasswords.list', () => []),
    );
    renderWithApi(<PasswordCard />);
    await changePassword(user);

    const stepUp = await screen.findByRole('dialog', { name: 'Confirm it’s you' });
    expect(screen.queryByText(STEP_UP)).not.toBeInTheDocument();
    // No passkey on this account: only the code, and the recovery code behind a link.
    expect(within(stepUp).queryByRole('button', { name: 'Use a passkey' })).not.toBeInTheDocument();
    await user.click(
      await within(stepUp).findByRole('button', { name: 'Use a recovery code instead' }),
    );
    await user.type(within(stepUp).getByLabelText(/^Recovery code/), 'abcd-efgh-ijkl');
    await user.click(within(stepUp).getByRole('button', { name: 'Confirm' }));

    expect(
      await screen.findByText('Password changed. 2 other sessions were signed out.'),
    ).toBeInTheDocument();
    expect(inputsOf('security.confirm')).toEqual([{ recoveryCode: 'abcd-efgh-ijkl' }]);
    const attempt = { currentPassword: 'old secret 1', newPassword: 'new secret 2' };
    expect(inputsOf('account.changePassword')).toEqual([attempt, attempt]);
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Confirm it’s you' })).not.toBeInTheDocument(),
    );
    expect(screen.getByLabelText('Current password')).toHaveValue('');
  });

  it('shows the server’s refusal of the current password under its field, with no step-up', async () => {
    const user = userEvent.setup();
    server.use(
      ...trpcHandler('account.changePassword', () => {
        throw trpcError('BAD_REQUEST', 'Enter your current password', 400, {
          currentPassword: ['Enter your current password'],
        });
      }),
    );
    renderWithApi(<PasswordCard />);
    await changePassword(user);
    const field = screen.getByLabelText('Current password');
    await waitFor(() => expect(field).toHaveAccessibleDescription('Enter your current password'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(inputsOf('account.changePassword')).toHaveLength(1);
  });
});
