import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiFetch, loginAsAdmin, pairSimulator, postInbound, logout as revokeSession } from './support/api';
import { launchBrowser, newPage, signIn, VIEWPORTS } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function open(options: Parameters<typeof newPage>[1] = {}) {
  const created = await newPage(browser, options);
  return created;
}

const heading = (page: Page) => page.getByRole('heading', { level: 1 });

describe('sign-in', () => {
  it('sends a signed-out visitor to /login', async () => {
    const { page, context } = await open();
    await page.goto('/dashboard');
    await page.waitForURL('**/login');
    await page.goto('/settings/profile');
    await page.waitForURL('**/login');
    await context.close();
  });

  it('signs in with the demonstration box; submit stays disabled until both fields are filled', async () => {
    const { page, context } = await open();
    await page.goto('/login');
    const submit = page.getByRole('button', { name: 'Entrar', exact: true });
    expect(await submit.isDisabled()).toBe(true);
    await page.getByLabel('E-mail').fill('admin@atende.local');
    expect(await submit.isDisabled()).toBe(true);
    await page.getByLabel('E-mail').fill('');
    expect(await page.getByLabel('E-mail').getAttribute('type')).toBe('email');

    await page.getByRole('button', { name: 'Usar credenciais de demonstração' }).click();
    expect(await page.getByLabel('E-mail').inputValue()).toBe('admin@atende.local');
    expect(await page.getByLabel('Senha', { exact: true }).inputValue()).toBe('atende123');

    const password = page.getByLabel('Senha', { exact: true });
    expect(await password.getAttribute('type')).toBe('password');
    await page.getByRole('button', { name: 'Mostrar senha' }).click();
    expect(await password.getAttribute('type')).toBe('text');
    await page.getByRole('button', { name: 'Ocultar senha' }).click();

    await submit.click();
    await page.waitForURL('**/dashboard');
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeTruthy();
    const sidebar = page.getByRole('complementary').filter({ has: page.getByRole('navigation') });
    await sidebar.getByText('admin@atende.local').waitFor();

    // A signed-in user opening /login goes back to the dashboard.
    await page.goto('/login');
    await page.waitForURL('**/dashboard');
    await context.close();
  });

  it('shows the side panel: three capabilities and three claims', async () => {
    const { page, context } = await open();
    await page.goto('/login');
    for (const text of [
      'Analytics em tempo real',
      'Treinamento contínuo',
      'Gestão completa',
      '99.9%',
      '1.2s',
      '85%',
    ]) {
      await page.getByText(text, { exact: true }).waitFor();
    }
    await context.close();
  });

  it('a wrong password says "Erro de Autenticação" under the password and stays on /login', async () => {
    const { page, context } = await open();
    await page.goto('/login');
    await page.getByLabel('E-mail').fill('admin@atende.local');
    const password = page.getByLabel('Senha', { exact: true });
    await password.fill('senha-errada');
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    const error = page.getByRole('alert').filter({ hasText: 'Erro de Autenticação' });
    await error.waitFor();
    expect(await error.getAttribute('data-testid')).toBe('login-error');
    // Right under the field it describes, and tied to it for screen readers.
    expect(await password.getAttribute('aria-describedby')).toBe(await error.getAttribute('id'));
    expect(await password.getAttribute('aria-invalid')).toBe('true');
    const [fieldBox, errorBox] = await Promise.all([password.boundingBox(), error.boundingBox()]);
    expect(errorBox!.y).toBeGreaterThan(fieldBox!.y + fieldBox!.height - 1);
    expect(errorBox!.y - (fieldBox!.y + fieldBox!.height)).toBeLessThan(24);
    expect(page.url()).toMatch(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
    await context.close();
  });

  it('"Esqueceu a senha?" says how a password is reset; "Fale conosco" writes to the support e-mail', async () => {
    const admin = await loginAsAdmin();
    const email = `suporte-${Date.now() % 100_000}@loja.com.br`;
    const saved = await apiFetch('/admin-config', {
      method: 'POST',
      token: admin.token,
      body: { supportEmail: email },
    });
    expect(saved.status).toBe(200);
    const { page, context } = await open();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Esqueceu a senha?' }).click();
    expect(await page.getByTestId('forgot-password-help').textContent()).toContain(
      'Configurações › Usuários',
    );
    const contact = page.getByRole('link', { name: 'Fale conosco' });
    expect(await contact.getAttribute('href')).toMatch(new RegExp(`^mailto:${email}\\?subject=`));
    await context.close();
  });
});

describe('routes', () => {
  it('redirects / to /dashboard and renders every screen with its navigation highlight', async () => {
    const { page, context } = await open();
    await signIn(page, '/');
    await page.waitForURL('**/dashboard');

    const screens: Array<[string, string, string | null]> = [
      ['/clients', 'Clientes', 'Clientes'],
      ['/clients/abc-123', 'Clientes', 'Clientes'],
      ['/analytics', 'Analytics', 'Analytics'],
      ['/training', 'Treinamento', 'Treinamento'],
      ['/integrations', 'Integrações', 'Integrações'],
      ['/settings', 'Configurações', 'Configurações'],
      ['/settings/seguranca', 'Configurações', 'Configurações'],
      ['/settings/profile', 'Configurações', 'Configurações'],
      ['/docs', 'Documentação', null],
      ['/support', 'Suporte', null],
    ];
    for (const [path, title, active] of screens) {
      await page.goto(path);
      await heading(page).filter({ hasText: title }).waitFor();
      const current = page.locator('aside nav a[aria-current="page"]');
      if (active) expect(await current.textContent()).toContain(active);
      else expect(await current.count()).toBe(0);
    }
    // The profile shows the signed-in user.
    await page.goto('/settings/profile');
    await page.getByRole('main').getByText('admin@atende.local').first().waitFor();
    await context.close();
  });

  it('Integrações lists the inboxes (the connected numbers)', async () => {
    const { page, context } = await open();
    await signIn(page, '/integrations');
    await page.getByRole('region', { name: 'Caixas de entrada' }).getByTestId('inbox-row').first().waitFor();
    await context.close();
  });

  it('shows the 404 page; its buttons go to the dashboard and back', async () => {
    const { page, context } = await open();
    await signIn(page, '/docs');
    await heading(page).filter({ hasText: 'Documentação' }).waitFor();
    await page.goto('/pagina-que-nao-existe');
    await heading(page).filter({ hasText: 'Página não encontrada' }).waitFor();
    await page.getByRole('button', { name: 'Voltar' }).click();
    await page.waitForURL('**/docs');
    await page.goto('/outra/coisa');
    await page.getByRole('link', { name: 'Ir para o Dashboard' }).click();
    await page.waitForURL('**/dashboard');
    await context.close();
  });

  it('footer links reach Documentação and Suporte and show the version', async () => {
    const { page, context } = await open();
    await signIn(page, '/clients');
    const footer = page.getByRole('contentinfo');
    await footer.getByText('Todos os direitos reservados', { exact: false }).waitFor();
    await footer.getByText('v1.0.0').waitFor();
    await footer.getByRole('link', { name: 'Suporte' }).click();
    await page.waitForURL('**/support');
    await footer.getByRole('link', { name: 'Documentação' }).click();
    await page.waitForURL('**/docs');
    await context.close();
  });
});

describe('layout', () => {
  it('keyboard shortcuts g→c, g→u, g→s, g→d navigate, but not while typing', async () => {
    const { page, context } = await open();
    await signIn(page, '/docs');
    await heading(page).waitFor();
    for (const [key, path] of [
      ['c', '/conversations'],
      ['u', '/clients'],
      ['s', '/settings'],
      ['d', '/dashboard'],
    ] as const) {
      await page
        .locator('body')
        .click({ position: { x: 700, y: 5 } })
        .catch(() => {});
      await page.keyboard.press('Escape');
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await page.keyboard.press('g');
      await page.keyboard.press(key);
      await page.waitForURL(`**${path}`);
    }
    await page.goto('/docs');
    await heading(page).waitFor();
    await page.getByRole('searchbox').fill('');
    await page.getByRole('searchbox').pressSequentially('gc');
    await page.waitForTimeout(300);
    expect(new URL(page.url()).pathname).toBe('/docs');
    await context.close();
  });

  it('notifications and user menus open, and Escape / outside click close them', async () => {
    const { page, context } = await open();
    await signIn(page, '/docs');
    await page.getByRole('button', { name: /Notificações/ }).click();
    await page.getByText('Ver todas as notificações').waitFor();
    await page.keyboard.press('Escape');
    await page.getByText('Ver todas as notificações').waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'Menu do usuário' }).click();
    await page.getByRole('menuitem', { name: 'Meu Perfil' }).waitFor();
    await page.mouse.click(700, 600);
    await page.getByRole('menuitem', { name: 'Meu Perfil' }).waitFor({ state: 'hidden' });
    await context.close();
  });

  it('on a 390 px phone the drawer opens, closes on navigation, overlay click and Escape', async () => {
    const { page, context } = await open({ viewport: VIEWPORTS.phone });
    await signIn(page, '/docs');
    await heading(page).waitFor();
    expect(await page.locator('aside nav').isVisible()).toBe(false);
    expect(await page.getByRole('searchbox').getAttribute('placeholder')).toBe('Buscar...');

    const drawer = page.getByRole('dialog', { name: 'Menu de navegação' });
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    await drawer.waitFor();
    await drawer.getByRole('link', { name: 'Clientes' }).click();
    await page.waitForURL('**/clients');
    await drawer.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'Abrir menu' }).click();
    await drawer.waitFor();
    await page.mouse.click(370, 400); // the overlay, right of the 256 px drawer
    await drawer.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'Abrir menu' }).click();
    await drawer.waitFor();
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    await context.close();
  });

  it('on a 390 px phone no screen scrolls sideways, a notification with a long line included', async () => {
    const session = await loginAsAdmin();
    await pairSimulator(session.token);
    const name = 'Maria Aparecida dos Santos Oliveira Cavalcanti de Albuquerque';
    await postInbound(session.token, { phone: '5511977770390', name, text: 'quero falar com um atendente' });
    const { page, context } = await open({ viewport: VIEWPORTS.phone });
    await signIn(page, '/notifications', session);
    await page.getByRole('list', { name: 'Notificações' }).getByText(name).first().waitFor();
    const paths = [
      '/notifications',
      '/dashboard',
      '/conversations',
      '/clients',
      '/analytics',
      '/analytics/relatorios',
      '/training',
      '/integrations',
      '/settings',
      '/settings/profile',
      '/docs',
      '/support',
    ];
    const sideways: string[] = [];
    for (const path of paths) {
      if (path !== '/notifications') await page.goto(path, { waitUntil: 'networkidle' });
      await page.getByRole('main').waitFor();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      if (overflow > 0) sideways.push(`${path} (+${overflow} px)`);
    }
    expect(sideways).toEqual([]);
    await context.close();
  });

  it('the theme toggle persists across reloads with no flash of the light theme', async () => {
    const { page, context } = await open({ colorScheme: 'light' });
    await signIn(page, '/docs');
    await heading(page).waitFor();
    const isDark = () => page.evaluate(() => document.documentElement.classList.contains('dark'));
    expect(await isDark()).toBe(false);
    await page.getByRole('button', { name: 'Ativar tema escuro' }).click();
    expect(await isDark()).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');

    // Record the class when parsing ends, before any module script (React) has run.
    await page.addInitScript(() => {
      document.addEventListener('readystatechange', () => {
        if (document.readyState === 'interactive') {
          (window as unknown as { darkAtParse: boolean }).darkAtParse =
            document.documentElement.classList.contains('dark');
        }
      });
    });
    await page.reload();
    await heading(page).waitFor();
    expect(await page.evaluate(() => (window as unknown as { darkAtParse: boolean }).darkAtParse)).toBe(true);
    expect(await isDark()).toBe(true);
    await page.getByRole('button', { name: 'Ativar tema claro' }).click();
    expect(await isDark()).toBe(false);
    await context.close();
  });

  it('follows the OS theme by default', async () => {
    const { page, context } = await open({ colorScheme: 'dark' });
    await page.goto('/login');
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await page.emulateMedia({ colorScheme: 'light' });
    await page.waitForFunction(() => !document.documentElement.classList.contains('dark'));
    await context.close();
  });
});

describe('session end', () => {
  it('Sair clears the session and returns to /login', async () => {
    const { page, context } = await open();
    await signIn(page, '/docs');
    await page.getByRole('complementary').getByRole('button', { name: 'Sair' }).click();
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
    await page.goto('/dashboard');
    await page.waitForURL('**/login');
    await context.close();
  });

  it('a token revoked on the server sends the page to /login on its next call', async () => {
    const { page, context } = await open();
    const session = await loginAsAdmin();
    await signIn(page, '/docs', session);
    await heading(page).filter({ hasText: 'Documentação' }).waitFor();
    await revokeSession(session.token);
    expect((await apiFetch('/auth/me', { token: session.token })).status).toBe(401);
    // The server drops the revoked session's socket, so the page leaves at once (no navigation needed).
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
    await context.close();
  });

  it('a revoked token is rejected on reload as well', async () => {
    const { page, context } = await open();
    const session = await loginAsAdmin();
    await signIn(page, '/settings/profile', session);
    await heading(page).waitFor();
    await revokeSession(session.token);
    await page.reload();
    await page.waitForURL('**/login');
    await context.close();
  });
});

describe('service worker', () => {
  it('registers /sw.js on page load', async () => {
    const { page, context } = await open({ serviceWorkers: 'allow' });
    await page.goto('/login');
    const scriptUrl = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return registration.active?.scriptURL ?? '';
    });
    expect(new URL(scriptUrl).pathname).toBe('/sw.js');
    await context.close();
  });
});
