import { expect, snapshot, test } from './fixtures';

const pages = [
  { path: '/', headline: 'Your people, kept close and kept private', shot: 'landing' },
  { path: '/privacy', headline: 'Privacy Policy', shot: 'privacy' },
  { path: '/terms', headline: 'Terms of Service', shot: 'terms' },
  { path: '/help', headline: 'Help Center', shot: 'help' },
  { path: '/contact', headline: 'Contact Us', shot: 'contact' },
];

for (const { path, headline, shot } of pages) {
  test(`${path} shows its headline, the shared layout, and loads nothing from another host`, async ({
    page,
    foreignRequests,
  }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: headline })).toBeVisible();
    const header = page.locator('header');
    await expect(header.getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Sign Up' })).toBeVisible();
    const footer = page.locator('footer');
    for (const name of ['Help Center', 'Privacy Policy', 'Terms of Service', 'Contact Us']) {
      await expect(footer.getByRole('link', { name })).toBeVisible();
    }
    await expect(footer.getByRole('button', { name: 'Subscribe' })).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth > window.innerWidth,
    );
    expect(overflow, 'page is wider than the viewport').toBe(false);
    await page.waitForLoadState('networkidle');
    await snapshot(page, shot);
    expect(foreignRequests).toEqual([]);
  });
}

test('the landing page offers its buttons and a demo dialog', async ({ page, foreignRequests }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Get Started Free' })).toHaveAttribute(
    'href',
    '/signup',
  );
  await expect(page.getByRole('link', { name: 'Learn More' })).toHaveAttribute('href', '/help');
  await page.getByRole('button', { name: 'Watch Demo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Kith in four steps' });
  await expect(dialog).toBeVisible();
  await snapshot(page, 'landing-demo');
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByText('Add the people you care about')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  expect(foreignRequests).toEqual([]);
});

test('the landing FAQ keeps one answer open at a time', async ({ page }) => {
  await page.goto('/');
  const first = page.getByRole('button', { name: 'Is Kith really free?' });
  const second = page.getByRole('button', { name: 'Who can see my contacts?' });
  await first.click();
  await expect(first).toHaveAttribute('aria-expanded', 'true');
  await second.click();
  await expect(second).toHaveAttribute('aria-expanded', 'true');
  await expect(first).toHaveAttribute('aria-expanded', 'false');
});

test('Learn More goes to the Help Center with its ten categories', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Learn More' }).click();
  await expect(page).toHaveURL(/\/help$/);
  await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveCount(10);
  await expect(
    page.getByText(
      /chat and cloud backup\. Dark mode, Spanish, sync with your phone and birthday reminders/,
    ),
  ).toBeAttached();
});

test('the back-to-top button appears after scrolling and returns to the top', async ({ page }) => {
  await page.goto('/privacy');
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  const button = page.getByRole('button', { name: 'Back to top' });
  await expect(button).toBeHidden();
  await page.evaluate(() => window.scrollTo(0, 600));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(30);
  await expect(button).toBeVisible();
  await button.click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test('navigating from the footer starts the new page at the top', async ({ page }) => {
  await page.goto('/privacy');
  await page.locator('footer').scrollIntoViewIfNeeded();
  await page.locator('footer').getByRole('link', { name: 'Terms of Service' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test('the Contact Us form sends nothing with an empty field, and simulates a send', async ({
  page,
}) => {
  await page.goto('/contact');
  await expect(page.getByText('Support hours: Mon-Fri 9 AM-6 PM EST')).toBeVisible();
  // A visitor's page paints before the session check, which then runs its course
  // (check, refresh, clearing the cookies); once the page is quiet, the form must send nothing.
  await page.waitForLoadState('networkidle');
  const apiCalls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) apiCalls.push(request.url());
  });
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('This field is required').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sending...' })).toHaveCount(0);

  const form = page.getByRole('main');
  await form.getByLabel('Name').fill('Ada Lovelace');
  await form.getByLabel('Email').fill('ada@example.com');
  await form.getByRole('combobox', { name: 'Subject' }).click();
  await page.getByRole('option', { name: 'Bug report' }).click();
  await form.getByLabel('Message').fill('The star icon is lovely.');
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(form.getByRole('button', { name: 'Sending...' })).toBeVisible();
  await expect(page.getByText('Thank you! Your message has been sent.')).toBeVisible({
    timeout: 3000,
  });
  await expect(form.getByLabel('Name')).toHaveValue('');
  await expect(page.getByText('Thank you! Your message has been sent.')).toBeHidden({
    timeout: 5000,
  });
  expect(apiCalls).toEqual([]);
});

test('an unknown path shows a page-not-found screen', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});

test('hashed assets are cached for a year and the page itself revalidates', async ({ request }) => {
  const page = await request.get('/');
  expect(page.headers()['cache-control']).toBe('no-cache');
  const html = await page.text();
  const asset = /\/assets\/[^"]+\.js/.exec(html)?.[0];
  expect(asset).toBeTruthy();
  const res = await request.get(asset!);
  expect(res.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
});
