import { createMailer, type MailMessage } from '@kith/api';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { describe, expect, it } from 'vitest';
import { appPerTest, type TestApp } from '../test-support/test-app';
import { codeFrom, TestClient } from '../test-support/test-client';

const PASSWORD = 'kith-harbour-42';
let t: TestApp | undefined;
/** Each test builds the app it needs (limits, settings, mailer), all over one database. */
const createTestApp = appPerTest();

describe('rate limits', () => {
  it('refuses login attempts on one account past the limit with a clear 429', async () => {
    t = await createTestApp({ rateLimits: { perIp: 100, perAccount: 3, windowMs: 60_000 } });
    const client = new TestClient(t.app);
    const attempt = () =>
      client.rest('POST', '/auth/login', { email: 'target@example.com', password: 'guess-123' });
    for (let i = 0; i < 3; i += 1) expect((await attempt()).status).toBe(401);
    const refused = await attempt();
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({
      success: false,
      message: expect.stringMatching(/^Too many attempts/),
    });
    // Another account from the same address is still allowed.
    const other = await client.rest('POST', '/auth/login', {
      email: 'other@example.com',
      password: 'guess-123',
    });
    expect(other.status).toBe(401);
  });

  it('refuses one address spraying many accounts, answering tRPC callers in tRPC shape', async () => {
    t = await createTestApp({ rateLimits: { perIp: 2, perAccount: 100, windowMs: 60_000 } });
    const client = new TestClient(t.app);
    for (let i = 0; i < 2; i += 1) {
      await client.mutation('auth.login', {
        email: `spray${i}@example.com`,
        password: 'guess-123',
      });
    }
    const refused = await client.send({
      method: 'POST',
      url: '/api/trpc/auth.login?batch=1',
      payload: { 0: { json: { email: 'spray9@example.com', password: 'guess-123' } } },
    });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual([
      {
        error: {
          json: expect.objectContaining({
            message: expect.stringMatching(/^Too many attempts/),
            data: expect.objectContaining({ code: 'TOO_MANY_REQUESTS', httpStatus: 429 }),
          }),
        },
      },
    ]);
  });
});

describe('mail', () => {
  it('answers a clear 503 when mail fails, and lets the person resend at once', async () => {
    let failing = true;
    const sent: MailMessage[] = [];
    t = await createTestApp({
      mailer: {
        async send(message) {
          if (failing) throw new Error('ECONNREFUSED 10.0.0.1:25');
          sent.push(message);
        },
      },
    });
    const client = new TestClient(t.app);
    const email = 'mailfail@example.com';
    const res = await client.rest('POST', '/auth/signup', { name: 'A', email, password: PASSWORD });
    expect(res.status).toBe(503);
    expect(res.body.message).toBe(
      'We could not send the email right now. Please try again in a moment.',
    );
    expect(JSON.stringify(res.body)).not.toContain('ECONNREFUSED');

    failing = false;
    const resend = await client.rest('POST', '/auth/resend', { email });
    expect(resend.status).toBe(200);
    const verify = await client.rest('POST', '/auth/verify', { email, otp: codeFrom(sent.at(-1)) });
    expect(verify.status).toBe(200);
  });

  it('delivers the code over real SMTP with a text and an HTML part', async () => {
    const received: { subject: string; text: string; html: string; to: string }[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        simpleParser(stream)
          .then((mail) => {
            received.push({
              subject: mail.subject ?? '',
              text: mail.text ?? '',
              html: typeof mail.html === 'string' ? mail.html : '',
              to: Array.isArray(mail.to) ? '' : (mail.to?.text ?? ''),
            });
            callback();
          })
          .catch(callback);
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as { port: number };
    try {
      t = await createTestApp({
        mailer: createMailer({
          smtpUrl: `smtp://127.0.0.1:${port}`,
          from: 'Kith <no-reply@kith.test>',
          outboxDir: '/nonexistent',
          log: () => {},
        }),
      });
      const client = new TestClient(t.app);
      const email = 'smtp-person@example.com';
      await client.rest('POST', '/auth/signup', { name: 'Grace', email, password: PASSWORD });
      expect(received).toHaveLength(1);
      const mail = received[0]!;
      expect(mail.to).toBe(email);
      expect(mail.text).toContain('Hi Grace');
      expect(mail.html).toContain(codeFrom(mail));
      const verify = await client.rest('POST', '/auth/verify', { email, otp: codeFrom(mail) });
      expect(verify.status).toBe(200);
    } finally {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  });
});
