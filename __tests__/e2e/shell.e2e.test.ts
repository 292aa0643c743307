/**
 * Journeys through the SPA shell in real Chromium against the production build and the real server with a fresh,
 * self-seeded database: the four demo students' dashboards, schedules, profile, session across reloads, 404,
 * logout, and screenshots of each page at desktop and mobile widths.
 */
import {
  collectPageErrors,
  loginAs,
  newContext,
  screenshot,
  type Page,
  type ViewportName,
} from '../helpers/browser';
import { startE2eSuite } from '../helpers/e2eSuite';

// The e2e project's testTimeout is not applied per project by Jest; journeys need more than the default 5 s.
jest.setTimeout(120_000);

const suite = startE2eSuite();

const students = [
  {
    username: 'reguler',
    nama: 'Muhammad Rizky Pratama',
    welcome: /asesmen SiapTes/,
    event: false,
    permateri: true,
  },
  {
    username: 'tutor',
    nama: 'Aisyah Putri Ramadhani',
    welcome: /asesmen SiapTes/,
    event: false,
    permateri: true,
  },
  { username: 'akbar', nama: 'Akbar Maulana Siregar', welcome: /185 menit/, event: true, permateri: false },
  {
    username: 'umum',
    nama: 'Dewi Lestari Wulandari',
    welcome: /Pilih menu di bawah/,
    event: false,
    permateri: true,
  },
];

async function openPage(viewport: ViewportName): Promise<{ page: Page; errors: string[] }> {
  const context = await newContext(suite.browser, suite.server.baseUrl, viewport);
  const page = await context.newPage();
  return { page, errors: collectPageErrors(page) };
}

describe.each(['desktop', 'mobile'] as const)('at %s width', (viewport) => {
  it.each(students)('$username logs in and sees the dashboard of their type', async (student) => {
    const { page, errors } = await openPage(viewport);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Masuk' }).waitFor();
    await screenshot(page, `login-${viewport}`);
    await loginAs(page, student.username);

    const welcome = page.locator('#welcome-text');
    await welcome.waitFor();
    expect(await welcome.textContent()).toMatch(student.welcome);
    expect(await page.getByTestId('banner-akbar').count()).toBe(student.event ? 1 : 0);
    const menu = page.locator('main');
    expect(await menu.getByRole('link', { name: 'Tryout Permateri', exact: true }).count()).toBe(
      student.permateri ? 1 : 0,
    );
    expect(await menu.getByRole('link', { name: 'Tryout Paket', exact: true }).count()).toBe(1);
    await screenshot(page, `home-${student.username}-${viewport}`);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('reguler opens schedules, profile and instructions; the session survives a reload; logout ends it', async () => {
    const { page, errors } = await openPage(viewport);
    await loginAs(page, 'reguler');

    if (viewport === 'mobile') {
      await page.getByRole('button', { name: 'Buka menu' }).click();
      const menu = page.locator('#main-menu');
      const student = menu.getByTestId('mobile-user');
      await student.getByText('Muhammad Rizky Pratama').waitFor();
      expect(await student.getByText('reguler', { exact: true }).count()).toBe(1);
      await screenshot(page, `menu-${viewport}`);
      await menu.getByRole('link', { name: 'Tryout Paket' }).click();
    } else {
      await page.getByRole('navigation').getByRole('link', { name: 'Tryout Paket' }).click();
    }
    await page.waitForURL('**/to');
    await page.getByRole('heading', { name: 'Siap Dikerjakan' }).waitFor();
    await page.getByText('Processing...').first().waitFor({ state: 'detached' });
    expect(await page.getByRole('heading', { name: 'Akan Datang' }).count()).toBe(1);
    expect(await page.getByRole('heading', { name: 'Sudah Lewat' }).count()).toBe(1);
    // The seed enrols reguler in running, finished and missed schedules.
    expect(await page.getByText(/^Paket #\d+$/).count()).toBeGreaterThan(0);
    await screenshot(page, `jadwal-${viewport}`);

    await page.goto('/profil');
    await page.getByText('Nama Lengkap').waitFor();
    await page.locator('main').getByText('Muhammad Rizky Pratama').waitFor();
    expect(await page.getByText('SMA Negeri 3 Yogyakarta').count()).toBe(1);
    await screenshot(page, `profil-${viewport}`);

    await page.reload();
    await page.getByText('SMA Negeri 3 Yogyakarta').waitFor();
    expect(page.url()).toMatch(/\/profil$/);

    await page.goto('/petunjuk-to');
    const frame = page.frameLocator('iframe[title="Petunjuk mengerjakan tryout SiapTes"]');
    await frame.getByRole('heading', { name: 'Petunjuk Mengerjakan Tryout SiapTes' }).waitFor();
    await screenshot(page, `petunjuk-${viewport}`);

    await page.goto('/halaman-yang-tidak-ada');
    await page.getByText('Page not found').waitFor();
    expect(await page.getByText("Sorry, we couldn't find the page you're looking for.").count()).toBe(1);
    await screenshot(page, `404-${viewport}`);
    await page.getByRole('link', { name: 'Go back home' }).click();
    await page.waitForURL('**/home');

    if (viewport === 'mobile') {
      await page.getByRole('button', { name: 'Buka menu' }).click();
      await page.locator('#main-menu').getByRole('button', { name: 'Sign Out' }).click();
    } else {
      await page.getByRole('button', { name: /Akun Muhammad Rizky Pratama/ }).click();
      await page.getByRole('button', { name: 'Sign Out' }).click();
    }
    await page.waitForURL('**/login');
    const cookies = await page.context().cookies();
    expect(cookies.map((cookie) => cookie.name)).not.toContain('latiskey');
    await page.goto('/home');
    await page.waitForURL('**/login');
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

it('a wrong password shows "Failed" with the server message and clears the fields', async () => {
  const { page } = await openPage('desktop');
  await page.goto('/login');
  await page.getByLabel('Username').fill('reguler');
  await page.getByLabel('Password', { exact: true }).fill('salah-sekali');
  await page.getByRole('button', { name: 'Masuk' }).click();
  const dialog = page.locator('.swal2-popup');
  await dialog.waitFor();
  expect(await dialog.locator('.swal2-title').textContent()).toBe('Failed');
  expect(await page.getByLabel('Username').inputValue()).toBe('');
  await screenshot(page, 'login-failed-desktop');
  await page.context().close();
});

it("the login page shows before the app's scripts arrive; what was typed there stays", async () => {
  const { page, errors } = await openPage('mobile');
  // Every script but the login page's own small one waits until the student has typed.
  let release: () => void = () => undefined;
  const typed = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/(?!login-shell\.)[^/]+\.js$/, async (route) => {
    await typed;
    await route.continue();
  });
  await page.goto('/login', { waitUntil: 'commit' });
  await page.getByRole('heading', { name: 'Masuk ke SiapTes' }).waitFor();
  await page.getByLabel('Username').fill('reguler');
  // Enter submits nothing before the app is there: the button waits for it.
  expect(await page.getByRole('button', { name: 'Masuk' }).isDisabled()).toBe(true);
  release();
  await page.waitForFunction(() => document.getElementById('login-shell') === null);
  expect(await page.getByLabel('Username').inputValue()).toBe('reguler');
  expect(await page.evaluate(() => document.activeElement?.id)).toBe('username');
  await page.getByLabel('Password', { exact: true }).fill('tryout123');
  await page.getByRole('button', { name: 'Masuk' }).click();
  await page.waitForURL('**/home');
  expect(errors).toEqual([]);
  await page.context().close();
});
