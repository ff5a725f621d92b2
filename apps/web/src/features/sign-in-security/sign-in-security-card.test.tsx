import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, i18nReady } from '../../lib/i18n';
import { server, setUpMswServer } from '../../test/render-app';
import { renderWithApi } from '../../test/render-with-api';
import { receivedCalls, trpcError, trpcHandler } from '../../test/trpc-msw';
import { SignInSecurityCard } from './sign-in-security-card';

const browser = vi.hoisted(() => ({
  startRegistration: vi.fn(),
  startAuthentication: vi.fn(),
  browserSupportsWebAuthn: () => true,
}));
vi.mock('@simplewebauthn/browser', () => browser);

setUpMswServer();

const inputsOf = (path: string) =>
  receivedCalls.filter((call) => call.path === path).map((call) => call.input);

type Passkey = { id: string; name: string; createdAt: Date; lastUsedAt: Date | null };

const STEP_UP = 'Confirm it is you with your second factor first.';

const laptop: Passkey = {
  id: 'pk-1',
  name: 'Firefox on Linux',
  createdAt: new Date('2026-03-12T10:00:00Z'),
  lastUsedAt: new Date('2026-11-20T09:30:00Z'),
};

type Overview = {
  secondFactorOn: boolean;
  passkeys: Passkey[];
  totp: { enabledAt: Date } | null;
  recoveryCodes: { left: number; createdAt: Date } | null;
  confirmedUntil: Date | null;
};

const off: Overview = {
  secondFactorOn: false,
  passkeys: [],
  totp: null,
  recoveryCodes: null,
  confirmedUntil: null,
};

const codes = Array.from({ length: 10 }, (_, i) => `code-${String(i).padStart(4, '0')}-abcd`);

/** Types a 6-digit code into the six boxes labelled by `label`. */
async function typeCode(
  user: ReturnType<typeof userEvent.setup>,
  container: HTMLElement,
  code: string,
) {
  await user.click(within(container).getByLabelText('Digit 1 of 6'));
  await user.keyboard(code);
}

describe('Sign-in security on /me', () => {
  beforeAll(async () => {
    await i18nReady;
  });
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    browser.startRegistration.mockReset();
    browser.startAuthentication.mockReset();
  });
  afterAll(async () => {
    await i18n.changeLanguage('en');
  });

  it('shows the status, the passkeys with their dates, the authenticator app and the codes left', async () => {
    server.use(
      ...trpcHandler('security.overview', () => ({
        secondFactorOn: true,
        passkeys: [laptop, { ...laptop, id: 'pk-2', name: 'iPhone', lastUsedAt: null }],
        totp: { enabledAt: new Date('2026-04-01T08:00:00Z') },
        recoveryCodes: { left: 8, createdAt: new Date('2026-03-12T10:00:00Z') },
        confirmedUntil: null,
      })),
    );
    renderWithApi(<SignInSecurityCard />);
    const status = await screen.findByTestId('second-factor-status');
    expect(status).toHaveTextContent('Two-step verification');
    expect(status).toHaveTextContent('On');
    const rows = screen.getAllByTestId('passkey-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Firefox on Linux');
    expect(rows[0]).toHaveTextContent('Added 12 March 2026');
    expect(rows[0]).toHaveTextContent(/Last used 20 November 2026 at \d\d:30/);
    expect(rows[1]).toHaveTextContent('Not used yet');
    expect(screen.getByText(/^On since 1 April 2026\./)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Turn off' })).toBeInTheDocument();
    expect(screen.getByTestId('recovery-codes-left')).toHaveTextContent('8 of 10 left');
  });

  it('says what signing in takes from what the account has: a passkey alone can sign in', async () => {
    const on = { ...off, secondFactorOn: true, recoveryCodes: { left: 10, createdAt: new Date() } };
    const cases: [Overview, string][] = [
      [
        { ...on, passkeys: [laptop] },
        'Signing in takes your password and your passkey. Your passkey can also sign you in on its own, with no password.',
      ],
      [
        { ...on, totp: { enabledAt: new Date() } },
        'Signing in takes your password and a code from your authenticator app.',
      ],
      [
        { ...on, passkeys: [laptop], totp: { enabledAt: new Date() } },
        'Signing in takes your password and a passkey or a code from your authenticator app. A passkey can also sign you in on its own.',
      ],
    ];
    for (const [overview, text] of cases) {
      server.use(...trpcHandler('security.overview', () => overview));
      const { unmount } = renderWithApi(<SignInSecurityCard />);
      expect(await screen.findByTestId('second-factor-status')).toHaveTextContent(text);
      unmount();
    }
  });

  it('keeps each phrase of a passkey’s dates whole, so “Not used yet” never breaks', async () => {
    server.use(
      ...trpcHandler('security.overview', () => ({
        ...off,
        passkeys: [{ ...laptop, lastUsedAt: null }],
      })),
    );
    renderWithApi(<SignInSecurityCard />);
    const row = await screen.findByTestId('passkey-row');
    const phrase = within(row).getByText('Not used yet');
    expect(phrase.tagName).toBe('SPAN');
    expect(phrase.className).toMatch(/phrase/);
  });

  it('says two-step verification is off in Spanish, with dates in Spanish', async () => {
    await i18n.changeLanguage('es');
    server.use(...trpcHandler('security.overview', () => ({ ...off, passkeys: [laptop] })));
    renderWithApi(<SignInSecurityCard />);
    const status = await screen.findByTestId('second-factor-status');
    expect(status).toHaveTextContent('Desactivada');
    expect(screen.getByTestId('passkey-row')).toHaveTextContent('Añadida el 12 de marzo de 2026');
    expect(screen.queryByTestId('recovery-codes-left')).not.toBeInTheDocument();
  });

  it('sets up the authenticator app: QR code and grouped secret, then the code turns it on and the recovery codes show once', async () => {
    const user = userEvent.setup();
    let overview: Overview = off;
    server.use(
      ...trpcHandler('security.overview', () => overview),
      ...trpcHandler('security.totpSetup', () => ({
        secret: 'JBSWY3DPEHPK3PXPJBSWY3DP',
        uri: 'otpauth://totp/Kith:grace%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DP&issuer=Kith',
        qrCode: 'data:image/svg+xml;base64,PHN2Zy8+',
      })),
      ...trpcHandler('security.totpEnable', () => {
        const enabledAt = new Date('2026-11-26T12:00:00Z');
        overview = {
          ...off,
          secondFactorOn: true,
          totp: { enabledAt },
          recoveryCodes: { left: 10, createdAt: enabledAt },
        };
        return { enabledAt, recoveryCodes: codes };
      }),
    );
    renderWithApi(<SignInSecurityCard />);
    await user.click(await screen.findByRole('button', { name: 'Set up' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set up an authenticator app' });
    const qr = within(dialog).getByRole('img', {
      name: 'QR code to add Kith to your authenticator app',
    });
    expect(qr).toHaveAttribute('src', 'data:image/svg+xml;base64,PHN2Zy8+');
    expect(within(dialog).getByTestId('totp-secret')).toHaveTextContent(
      'JBSW Y3DP EHPK 3PXP JBSW Y3DP',
    );

    await user.click(within(dialog).getByRole('button', { name: 'Turn on' }));
    expect(within(dialog).getByText('Enter all 6 digits of the code')).toBeInTheDocument();
    expect(inputsOf('security.totpEnable')).toEqual([]);

    await typeCode(user, dialog, '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Turn on' }));

    const shown = await screen.findByRole('dialog', { name: 'Your recovery codes' });
    expect(inputsOf('security.totpEnable')).toEqual([{ code: '123456' }]);
    const list = within(shown).getByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(codes);
    expect(within(shown).getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    expect(within(shown).getByRole('button', { name: 'Download' })).toBeInTheDocument();
    await user.click(within(shown).getByRole('button', { name: 'I have saved them' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Your recovery codes' })).not.toBeInTheDocument(),
    );
    expect(await screen.findByTestId('recovery-codes-left')).toHaveTextContent('10 of 10 left');
    expect(screen.getByTestId('second-factor-status')).toHaveTextContent('On');
  });

  it('shows the server’s refusal of a wrong code under the boxes', async () => {
    const user = userEvent.setup();
    server.use(
      ...trpcHandler('security.overview', () => off),
      ...trpcHandler('security.totpSetup', () => ({
        secret: 'JBSWY3DPEHPK3PXP',
        uri: 'otpauth://totp/Kith?secret=JBSWY3DPEHPK3PXP',
        qrCode: 'data:image/svg+xml;base64,PHN2Zy8+',
      })),
      ...trpcHandler('security.totpEnable', () => {
        throw trpcError(
          'BAD_REQUEST',
          'That code is not right. Check your authenticator app and try again.',
          400,
          { code: ['That code is not right. Check your authenticator app and try again.'] },
        );
      }),
    );
    renderWithApi(<SignInSecurityCard />);
    await user.click(await screen.findByRole('button', { name: 'Set up' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set up an authenticator app' });
    await typeCode(user, dialog, '000000');
    await user.click(within(dialog).getByRole('button', { name: 'Turn on' }));
    expect(
      await within(dialog).findByText(
        'That code is not right. Check your authenticator app and try again.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Your recovery codes' })).not.toBeInTheDocument();
  });

  it('adds a passkey through the browser’s prompt and lists it; a closed prompt says so calmly', async () => {
    const user = userEvent.setup();
    const optionsJSON = {
      challenge: 'Y2hhbGxlbmdl',
      rp: { name: 'Kith', id: 'localhost' },
      user: { id: 'dXNlcg', name: 'grace@example.com', displayName: 'Grace Hopper' },
      pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
    };
    const response = {
      id: 'cred-1',
      rawId: 'cred-1',
      type: 'public-key',
      response: { clientDataJSON: 'e30', attestationObject: 'o2Nm' },
      clientExtensionResults: {},
    };
    const added = {
      id: 'pk-9',
      name: 'Work laptop',
      createdAt: new Date('2026-11-26T12:00:00Z'),
      lastUsedAt: null,
    };
    let overview: Overview = off;
    server.use(
      ...trpcHandler('security.overview', () => overview),
      ...trpcHandler('security.passkeyRegistrationOptions', () => optionsJSON),
      ...trpcHandler('security.addPasskey', () => {
        overview = {
          ...off,
          secondFactorOn: true,
          passkeys: [added],
          recoveryCodes: { left: 10, createdAt: added.createdAt },
        };
        return { passkey: added, recoveryCodes: codes };
      }),
    );
    browser.startRegistration
      .mockRejectedValueOnce(
        Object.assign(new Error('The operation either timed out or was not allowed.'), {
          name: 'NotAllowedError',
        }),
      )
      .mockResolvedValueOnce(response);

    renderWithApi(<SignInSecurityCard />);
    expect(await screen.findByText('No passkeys yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add a passkey' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a passkey' });
    const name = within(dialog).getByRole('textbox', { name: /Passkey name/ });
    expect((name as HTMLInputElement).value).not.toBe('');
    await user.clear(name);
    await user.type(name, 'Work laptop');

    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(
      await within(dialog).findByText(
        'The passkey request was closed, so nothing was added. Try again when you are ready.',
      ),
    ).toBeInTheDocument();
    expect(inputsOf('security.addPasskey')).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    const shown = await screen.findByRole('dialog', { name: 'Your recovery codes' });
    expect(browser.startRegistration).toHaveBeenLastCalledWith({ optionsJSON });
    expect(inputsOf('security.addPasskey')).toEqual([{ name: 'Work laptop', response }]);
    await user.click(within(shown).getByRole('button', { name: 'I have saved them' }));
    const row = await screen.findByTestId('passkey-row');
    expect(row).toHaveTextContent('Work laptop');
    expect(row).toHaveTextContent('Added 26 November 2026');
  });

  it('adding a passkey with the app on asks for the second factor first, the add dialog stepping aside', async () => {
    const user = userEvent.setup();
    const response = {
      id: 'cred-2',
      rawId: 'cred-2',
      type: 'public-key',
      response: { clientDataJSON: 'e30', attestationObject: 'o2Nm' },
      clientExtensionResults: {},
    };
    const added = { ...laptop, id: 'pk-7', name: 'Phone', lastUsedAt: null };
    let confirmed = false;
    let overview: Overview = {
      secondFactorOn: true,
      passkeys: [],
      totp: { enabledAt: new Date('2026-04-01T08:00:00Z') },
      recoveryCodes: { left: 10, createdAt: new Date('2026-04-01T08:00:00Z') },
      confirmedUntil: null,
    };
    server.use(
      ...trpcHandler('security.overview', () => overview),
      ...trpcHandler('security.confirm', () => {
        confirmed = true;
        return { confirmedUntil: new Date(Date.now() + 5 * 60_000) };
      }),
      ...trpcHandler('security.passkeyRegistrationOptions', () => {
        if (!confirmed) throw trpcError('PRECONDITION_FAILED', STEP_UP, 412);
        return { challenge: 'Y2hhbGxlbmdl' };
      }),
      ...trpcHandler('security.addPasskey', () => {
        overview = { ...overview, passkeys: [added] };
        return { passkey: added, recoveryCodes: null };
      }),
    );
    browser.startRegistration.mockResolvedValue(response);
    renderWithApi(<SignInSecurityCard />);
    await user.click(await screen.findByRole('button', { name: 'Add a passkey' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a passkey' });
    await user.clear(within(dialog).getByRole('textbox', { name: /Passkey name/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /Passkey name/ }), 'Phone');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));

    const stepUp = await screen.findByRole('dialog', { name: 'Confirm it’s you' });
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Add a passkey' })).not.toBeInTheDocument(),
    );
    expect(browser.startRegistration).not.toHaveBeenCalled();
    await typeCode(user, stepUp, '123456');
    await user.click(within(stepUp).getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText('Passkey “Phone” added')).toBeInTheDocument();
    expect(inputsOf('security.addPasskey')).toEqual([{ name: 'Phone', response }]);
    expect(await screen.findByTestId('passkey-row')).toHaveTextContent('Phone');
    expect(screen.queryByRole('dialog', { name: 'Your recovery codes' })).not.toBeInTheDocument();
  });

  it('removing a passkey asks to confirm, then for the second factor, and is sent again after it', async () => {
    const user = userEvent.setup();
    let confirmedUntil: Date | null = null;
    let overview: Overview = {
      secondFactorOn: true,
      passkeys: [laptop],
      totp: { enabledAt: new Date('2026-04-01T08:00:00Z') },
      recoveryCodes: { left: 9, createdAt: new Date('2026-03-12T10:00:00Z') },
      confirmedUntil: null,
    };
    server.use(
      ...trpcHandler('security.overview', () => overview),
      ...trpcHandler('security.confirm', (input) => {
        if ((input as { totp?: string }).totp !== '123456') {
          throw trpcError(
            'BAD_REQUEST',
            'That code is not right. Check your authenticator app and try again.',
            400,
          );
        }
        confirmedUntil = new Date(Date.now() + 5 * 60_000);
        return { confirmedUntil };
      }),
      ...trpcHandler('security.removePasskey', () => {
        if (!confirmedUntil) throw trpcError('PRECONDITION_FAILED', STEP_UP, 412);
        overview = { ...overview, passkeys: [] };
        return { removed: true };
      }),
    );
    renderWithApi(<SignInSecurityCard />);
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for Firefox on Linux' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Remove' }));
    const ask = await screen.findByRole('dialog', { name: 'Remove this passkey?' });
    await user.click(within(ask).getByRole('button', { name: 'Remove' }));

    const stepUp = await screen.findByRole('dialog', { name: 'Confirm it’s you' });
    expect(inputsOf('security.removePasskey')).toEqual([{ id: 'pk-1' }]);
    expect(within(stepUp).getByRole('button', { name: 'Use a passkey' })).toBeInTheDocument();
    expect(
      within(stepUp).getByRole('button', { name: 'Use a recovery code instead' }),
    ).toBeInTheDocument();

    await typeCode(user, stepUp, '999999');
    await user.click(within(stepUp).getByRole('button', { name: 'Confirm' }));
    expect(
      await within(stepUp).findByText(
        'That code is not right. Check your authenticator app and try again.',
      ),
    ).toBeInTheDocument();
    expect(inputsOf('security.removePasskey')).toHaveLength(1);

    await typeCode(user, stepUp, '123456');
    await user.click(within(stepUp).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Passkey removed')).toBeInTheDocument();
    expect(inputsOf('security.confirm')).toEqual([{ totp: '999999' }, { totp: '123456' }]);
    expect(inputsOf('security.removePasskey')).toEqual([{ id: 'pk-1' }, { id: 'pk-1' }]);
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Confirm it’s you' })).not.toBeInTheDocument(),
    );
    expect(await screen.findByText('No passkeys yet.')).toBeInTheDocument();
  });

  it('a step-up by passkey asks the browser, and a closed step-up changes nothing', async () => {
    const user = userEvent.setup();
    const requestOptions = { challenge: 'c3RlcC11cA', allowCredentials: [] };
    const assertion = {
      id: 'cred-1',
      rawId: 'cred-1',
      type: 'public-key',
      response: { clientDataJSON: 'e30', authenticatorData: 'YQ', signature: 'cw' },
      clientExtensionResults: {},
    };
    let confirmed = false;
    server.use(
      ...trpcHandler('security.overview', () => ({
        secondFactorOn: true,
        passkeys: [laptop],
        totp: null,
        recoveryCodes: { left: 10, createdAt: new Date('2026-03-12T10:00:00Z') },
        confirmedUntil: null,
      })),
      ...trpcHandler('security.confirmOptions', () => requestOptions),
      ...trpcHandler('security.confirm', () => {
        confirmed = true;
        return { confirmedUntil: new Date(Date.now() + 5 * 60_000) };
      }),
      ...trpcHandler('security.regenerateRecoveryCodes', () => {
        if (!confirmed) throw trpcError('PRECONDITION_FAILED', STEP_UP, 412);
        return { codes };
      }),
    );
    browser.startAuthentication.mockResolvedValue(assertion);
    renderWithApi(<SignInSecurityCard />);

    // Closed without confirming: nothing is sent again and no error shows.
    await user.click(await screen.findByRole('button', { name: 'Get new codes' }));
    let ask = await screen.findByRole('dialog', { name: 'Get new recovery codes?' });
    await user.click(within(ask).getByRole('button', { name: 'Get new codes' }));
    let stepUp = await screen.findByRole('dialog', { name: 'Confirm it’s you' });
    expect(within(stepUp).queryByLabelText('Digit 1 of 6')).not.toBeInTheDocument();
    fireEvent.keyDown(stepUp, { key: 'Escape' });
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Confirm it’s you' })).not.toBeInTheDocument(),
    );
    expect(inputsOf('security.regenerateRecoveryCodes')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Get new codes' }));
    ask = await screen.findByRole('dialog', { name: 'Get new recovery codes?' });
    await user.click(within(ask).getByRole('button', { name: 'Get new codes' }));
    stepUp = await screen.findByRole('dialog', { name: 'Confirm it’s you' });
    await user.click(within(stepUp).getByRole('button', { name: 'Use a passkey' }));
    const shown = await screen.findByRole('dialog', { name: 'Your recovery codes' });
    expect(browser.startAuthentication).toHaveBeenCalledWith({ optionsJSON: requestOptions });
    expect(inputsOf('security.confirm')).toEqual([{ passkey: assertion }]);
    expect(inputsOf('security.regenerateRecoveryCodes')).toHaveLength(3);
    expect(within(shown).getAllByRole('listitem')).toHaveLength(10);
  });
});
