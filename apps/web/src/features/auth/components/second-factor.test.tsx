import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp, server, setUpMswServer, testUser } from '../../../test/render-app';
import { receivedCalls, trpcError, trpcHandler } from '../../../test/trpc-msw';
import type { SecondFactorMethod } from '../api/second-factor';
import { transformer } from '@kith/validators/transformer';
import { http, HttpResponse } from 'msw';

const webauthn = vi.hoisted(() => ({
  startAuthentication: vi.fn(),
  browserSupportsWebAuthn: vi.fn(() => true),
}));
vi.mock('@simplewebauthn/browser', () => webauthn);

setUpMswServer();

const email = 'grace@example.com';
const wrongCode = 'That code is not right. Check your authenticator app and try again.';
const expired = 'Your sign-in has expired. Please sign in again.';
const requestOptions = { challenge: 'Y2hhbGxlbmdl', rpId: 'localhost', allowCredentials: [] };
const assertion = {
  id: 'cred-1',
  rawId: 'cred-1',
  type: 'public-key',
  response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' },
  clientExtensionResults: {},
};

/** A visitor with no session and no sign-up waiting for its code. */
function signedOut() {
  server.use(
    ...trpcHandler('auth.check', () => {
      throw trpcError('FORBIDDEN', 'Not signed in', 403);
    }),
    ...trpcHandler('auth.refresh', () => {
      throw trpcError('UNAUTHORIZED', 'No session', 401);
    }),
    ...trpcHandler('auth.logout', () => ({ success: true })),
    ...trpcHandler('auth.pendingVerification', () => null),
  );
}

/**
 * Answers any batch of these read-only procedures, however the client groups them; a batch
 * with another procedure in it goes on to the other handlers.
 */
function readsHandler(answers: Record<string, () => unknown>) {
  const matcher = /\/api\/trpc\/([^?]*)/;
  return http.get(matcher, ({ request }) => {
    const url = new URL(request.url);
    const paths = decodeURIComponent(matcher.exec(url.pathname)?.[1] ?? '').split(',');
    if (!paths.every((path) => path in answers)) return undefined;
    const results = paths.map((path) => ({
      result: { data: transformer.serialize(answers[path]!()) },
    }));
    return HttpResponse.json(url.searchParams.get('batch') ? results : results[0]);
  });
}

/** What / asks for once signed in: an empty book. */
function emptyBook() {
  server.use(
    readsHandler({
      'contacts.listItems': () => ({ items: [], nextCursor: null, total: 0 }),
      'labels.list': () => [],
      'history.alerts': () => [],
      'contacts.letters': () => [],
      'keepInTouch.dueCount': () => 0,
    }),
  );
}

/** A sign-in waiting for its second step by `methods`; / answers an empty book once signed in. */
function pendingSignIn(methods: SecondFactorMethod[]) {
  signedOut();
  emptyBook();
  server.use(...trpcHandler('secondFactor.pending', () => ({ email, methods })));
}

const calls = (path: string) => receivedCalls.filter((c) => c.path === path);

async function typeCode(code: string) {
  const first = await screen.findByRole('textbox', { name: 'Digit 1 of 6' });
  await userEvent.click(first);
  await userEvent.keyboard(code);
}

beforeEach(() => {
  webauthn.startAuthentication.mockReset();
  webauthn.browserSupportsWebAuthn.mockReturnValue(true);
});
// The toasts' store outlives a test's render.
afterEach(() => notifications.clean());

describe('login with a second factor', () => {
  it('goes to /second-factor when the login answers secondFactor, naming the account', async () => {
    pendingSignIn(['totp', 'recoveryCode']);
    server.use(
      ...trpcHandler('auth.login', () => ({ secondFactor: { methods: ['totp', 'recoveryCode'] } })),
    );
    const { history } = renderApp('/login');
    await userEvent.type(await screen.findByRole('textbox', { name: /^Email/ }), email);
    await userEvent.type(screen.getByLabelText(/^Password/), 'correct horse');
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));

    expect(
      await screen.findByRole('heading', { name: 'Two-step verification' }),
    ).toBeInTheDocument();
    expect(history.location.pathname).toBe('/second-factor');
    expect(screen.getByText(email)).toBeInTheDocument();
    expect(screen.getByText('Enter the 6-digit code from your authenticator app')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Use a recovery code' })).toBeInTheDocument();
    // Only the account's methods are offered.
    expect(screen.queryByRole('button', { name: 'Use a passkey' })).toBeNull();
    expect(screen.queryByText('Login Successful')).toBeNull();
  });

  it('sends a visitor with no pending sign-in from /second-factor to /login', async () => {
    signedOut();
    server.use(...trpcHandler('secondFactor.pending', () => null));
    const { history } = renderApp('/second-factor');
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(history.location.pathname).toBe('/login');
  });
});

describe('the authenticator app code', () => {
  it('signs in with the 6-digit code and goes to /', async () => {
    pendingSignIn(['totp', 'recoveryCode']);
    server.use(...trpcHandler('secondFactor.verifyTotp', () => ({ user: testUser })));
    const { history } = renderApp('/second-factor');
    await typeCode('123456');
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByText('Login Successful')).toBeInTheDocument();
    expect(calls('secondFactor.verifyTotp').map((c) => c.input)).toEqual([{ code: '123456' }]);
    await waitFor(() => expect(history.location.pathname).toBe('/'));
  });

  it('shows a wrong code by the boxes, empties them, and stays', async () => {
    pendingSignIn(['totp']);
    server.use(
      ...trpcHandler('secondFactor.verifyTotp', () => {
        throw trpcError('BAD_REQUEST', wrongCode, 400, { code: [wrongCode] });
      }),
    );
    const { history } = renderApp('/second-factor');
    await typeCode('000000');
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(wrongCode);
    expect(screen.getByRole('textbox', { name: 'Digit 1 of 6' })).toHaveValue('');
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Digit 1 of 6' })).toHaveFocus(),
    );
    expect(screen.getByRole('textbox', { name: 'Digit 1 of 6' })).toHaveAttribute(
      'aria-describedby',
      alert.id,
    );
    expect(history.location.pathname).toBe('/second-factor');
  });

  it('asks for all six digits before sending', async () => {
    pendingSignIn(['totp']);
    renderApp('/second-factor');
    await typeCode('123');
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter all 6 digits of the code');
    expect(calls('secondFactor.verifyTotp')).toEqual([]);
  });

  it('shows the spent budget as the form message', async () => {
    const wait = 'Too many attempts. Please wait 14 minutes and try again.';
    pendingSignIn(['totp']);
    server.use(
      ...trpcHandler('secondFactor.verifyTotp', () => {
        throw trpcError('TOO_MANY_REQUESTS', wait, 429);
      }),
    );
    renderApp('/second-factor');
    await typeCode('123456');
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(wait);
  });

  it('sends an expired sign-in back to /login with the message', async () => {
    pendingSignIn(['totp']);
    server.use(
      ...trpcHandler('secondFactor.verifyTotp', () => {
        throw trpcError('NOT_FOUND', expired, 404);
      }),
    );
    const { history } = renderApp('/second-factor');
    await typeCode('123456');
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(expired)).toBeInTheDocument();
    await waitFor(() => expect(history.location.pathname).toBe('/login'));
  });
});

describe('a recovery code', () => {
  it('swaps the boxes for one field, signs in and says how many codes are left', async () => {
    pendingSignIn(['totp', 'recoveryCode']);
    server.use(
      ...trpcHandler('secondFactor.verifyRecoveryCode', () => ({
        user: testUser,
        recoveryCodesLeft: 9,
      })),
    );
    const { history } = renderApp('/second-factor');
    fireEvent.click(await screen.findByRole('button', { name: 'Use a recovery code' }));
    const field = screen.getByRole('textbox', { name: /^Recovery code/ });
    expect(field).toHaveFocus();
    expect(screen.queryByRole('textbox', { name: 'Digit 1 of 6' })).toBeNull();
    await userEvent.type(field, ' k7m2p-q9x4w ');
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByText('You have 9 recovery codes left.')).toBeInTheDocument();
    expect(screen.queryByText(/Make new recovery codes/)).toBeNull();
    expect(calls('secondFactor.verifyRecoveryCode').map((c) => c.input)).toEqual([
      { code: 'k7m2p-q9x4w' },
    ]);
    await waitFor(() => expect(history.location.pathname).toBe('/'));
  });

  it('warns when two or fewer codes are left', async () => {
    pendingSignIn(['totp', 'recoveryCode']);
    server.use(
      ...trpcHandler('secondFactor.verifyRecoveryCode', () => ({
        user: testUser,
        recoveryCodesLeft: 1,
      })),
    );
    const { history } = renderApp('/second-factor');
    fireEvent.click(await screen.findByRole('button', { name: 'Use a recovery code' }));
    await userEvent.type(screen.getByRole('textbox', { name: /^Recovery code/ }), 'k7m2p-q9x4w');
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByText('You have 1 recovery code left.')).toBeInTheDocument();
    expect(
      screen.getByText('Make new recovery codes on your profile page before they run out.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(history.location.pathname).toBe('/'));
  });

  it('shows a refused code by the field', async () => {
    const used = 'That recovery code is not right, or it was already used.';
    pendingSignIn(['totp', 'recoveryCode']);
    server.use(
      ...trpcHandler('secondFactor.verifyRecoveryCode', () => {
        throw trpcError('BAD_REQUEST', used, 400, { code: [used] });
      }),
    );
    renderApp('/second-factor');
    fireEvent.click(await screen.findByRole('button', { name: 'Use a recovery code' }));
    const field = screen.getByRole('textbox', { name: /^Recovery code/ });
    await userEvent.type(field, 'k7m2p-q9x4w');
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(field).toHaveAccessibleDescription(expect.stringContaining(used)));
    expect(field).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('a passkey as the second step', () => {
  it('offers the passkey first when it is the only factor, asks the browser and signs in', async () => {
    pendingSignIn(['passkey', 'recoveryCode']);
    server.use(
      ...trpcHandler('secondFactor.passkeyOptions', () => requestOptions),
      ...trpcHandler('secondFactor.verifyPasskey', () => ({ user: testUser })),
    );
    webauthn.startAuthentication.mockResolvedValue(assertion);
    const { history } = renderApp('/second-factor');
    const button = await screen.findByRole('button', { name: 'Use a passkey' });
    expect(screen.queryByRole('textbox', { name: 'Digit 1 of 6' })).toBeNull();
    const main = screen.getByRole('main');
    const order = within(main)
      .getAllByRole('button')
      .map((b) => b.textContent);
    expect(order.indexOf('Use a passkey')).toBeLessThan(order.indexOf('Use a recovery code'));
    fireEvent.click(button);

    expect(await screen.findByText('Login Successful')).toBeInTheDocument();
    expect(webauthn.startAuthentication).toHaveBeenCalledWith({ optionsJSON: requestOptions });
    expect(calls('secondFactor.verifyPasskey').map((c) => c.input)).toEqual([
      { response: assertion },
    ]);
    await waitFor(() => expect(history.location.pathname).toBe('/'));
  });

  it('says calmly that the prompt was closed, and lets the person try again', async () => {
    pendingSignIn(['passkey', 'recoveryCode']);
    server.use(...trpcHandler('secondFactor.passkeyOptions', () => requestOptions));
    webauthn.startAuthentication.mockRejectedValue(
      Object.assign(new Error('The operation either timed out or was not allowed.'), {
        name: 'NotAllowedError',
      }),
    );
    const { history } = renderApp('/second-factor');
    fireEvent.click(await screen.findByRole('button', { name: 'Use a passkey' }));

    expect(
      await screen.findByText(
        'The passkey prompt was closed. You can try again whenever you are ready.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Use a passkey' })).toHaveFocus(),
    );
    expect(calls('secondFactor.verifyPasskey')).toEqual([]);
    expect(history.location.pathname).toBe('/second-factor');
  });
});

describe('sign in with a passkey on /login', () => {
  it('asks the browser for a passkey and signs in', async () => {
    signedOut();
    emptyBook();
    server.use(
      ...trpcHandler('passkeys.signInOptions', () => requestOptions),
      ...trpcHandler('passkeys.signIn', () => ({ user: testUser })),
    );
    webauthn.startAuthentication.mockResolvedValue(assertion);
    const { history } = renderApp('/login');
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));

    expect(await screen.findByText('Login Successful')).toBeInTheDocument();
    expect(webauthn.startAuthentication).toHaveBeenCalledWith({ optionsJSON: requestOptions });
    expect(calls('passkeys.signIn').map((c) => c.input)).toEqual([{ response: assertion }]);
    await waitFor(() => expect(history.location.pathname).toBe('/'));
  });

  it('says calmly that the prompt was closed', async () => {
    signedOut();
    server.use(...trpcHandler('passkeys.signInOptions', () => requestOptions));
    webauthn.startAuthentication.mockRejectedValue(
      Object.assign(new Error('The operation either timed out or was not allowed.'), {
        name: 'NotAllowedError',
      }),
    );
    renderApp('/login');
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));
    expect(
      await screen.findByText(
        'The passkey prompt was closed. You can try again whenever you are ready.',
      ),
    ).toBeInTheDocument();
    expect(calls('passkeys.signIn')).toEqual([]);
  });

  it('shows the server refusing an unknown passkey', async () => {
    const unknown = 'This passkey is not registered with Kith.';
    signedOut();
    server.use(
      ...trpcHandler('passkeys.signInOptions', () => requestOptions),
      ...trpcHandler('passkeys.signIn', () => {
        throw trpcError('BAD_REQUEST', unknown, 400);
      }),
    );
    webauthn.startAuthentication.mockResolvedValue(assertion);
    const { history } = renderApp('/login');
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(unknown);
    expect(history.location.pathname).toBe('/login');
  });

  it('leaves the button out where the browser has no WebAuthn', async () => {
    signedOut();
    webauthn.browserSupportsWebAuthn.mockReturnValue(false);
    renderApp('/login');
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign in with a passkey' })).toBeNull();
  });
});

describe('a password reset for an account with a second factor', () => {
  it('goes to /second-factor instead of signing in', async () => {
    pendingSignIn(['totp']);
    server.use(
      ...trpcHandler('recover.checkVerified', () => ({ verified: true })),
      ...trpcHandler('recover.reset', () => ({ secondFactor: { methods: ['totp'] } })),
    );
    const { history } = renderApp('/recover/reset');
    await userEvent.type(await screen.findByLabelText(/^New password/), 'a new password');
    await userEvent.type(screen.getByLabelText(/^Confirm new password/), 'a new password');
    fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));

    expect(
      await screen.findByRole('heading', { name: 'Two-step verification' }),
    ).toBeInTheDocument();
    expect(history.location.pathname).toBe('/second-factor');
    expect(calls('auth.check')).toHaveLength(1);
  });
});
