/**
 * A team in headless Chromium, each person in a browser context of their own: the owner invites a
 * photographer and a manager from the team page; each sets a password from the mailed link and signs in;
 * the photographer uploads to a gallery the owner gave them and cannot open orders; the manager creates
 * an order from those photos; the owner sees who created what; removing the photographer refuses the
 * photo their device queued offline, with the reason, ends their session at once, and keeps what they
 * uploaded under their name.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teamErrors } from '#shared/texts/team-errors';
import { sellerCommonTexts } from '../../web/src/lib/texts/seller-common';
import { createVerifiedSeller, linkIn, uniqueEmail, waitForMail } from '@shutterlane/harness/accounts';
import { noisyJpeg } from '@shutterlane/harness/images';
import { createGalleryThroughPage, signInThroughPage } from '@shutterlane/harness/seller-page';
import type { TestStack } from '@shutterlane/harness/local-stack';
import { e2eWorld } from '../support/e2e';

const world = e2eWorld();
const PASSWORD = 'team-e2e-password-1';
const OWNER = { name: 'Rita Racing', password: PASSWORD };
let photoDir: string;

beforeAll(async () => {
  photoDir = await mkdtemp(path.join(os.tmpdir(), 'team-e2e-'));
});
afterAll(async () => {
  if (photoDir) await rm(photoDir, { recursive: true, force: true });
});

const main = (page: Page) => page.getByRole('main');

async function invite(page: Page, name: string, role: 'Photographer' | 'Manager'): Promise<string> {
  const email = uniqueEmail(role.toLowerCase());
  await main(page).getByLabel('Name', { exact: true }).fill(name);
  await main(page).getByLabel('Email', { exact: true }).fill(email);
  await main(page).getByLabel('Role', { exact: true }).selectOption({ label: role });
  await main(page).getByRole('button', { name: 'Send Invitation' }).click();
  await page.getByText(`Invitation sent to ${email}.`).waitFor();
  return email;
}

/** Signs in on Cognito's hosted page, offered below the sign-in form, and back to the dashboard. */
async function hostedSignIn(page: Page, email: string, name: string) {
  await page.getByRole('button', { name: 'Continue with the Sign-In Page' }).click();
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: `Welcome, ${name}!` }).waitFor({ timeout: 15_000 });
}

/**
 * A member's own browser: the invitation's link, a password, then sign-in to their dashboard with the
 * app's form (SRP) or, `hosted`, on the hosted page.
 */
async function memberJoins(
  browser: Browser,
  env: TestStack,
  member: { email: string; name: string; hosted?: boolean },
): Promise<Page> {
  const { email, name } = member;
  const page = await (await browser.newContext()).newPage();
  const mail = await waitForMail(env.stack, email, `Join ${OWNER.name} on Shutterlane`);
  await page.goto(linkIn(mail, '/account-setup').toString());
  await page.getByRole('heading', { name: 'Set Up Your Account' }).waitFor();
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await main(page).getByRole('button', { name: 'Set Password' }).click();
  await page.waitForURL(/\/signin\?email=/, { timeout: 10_000 });
  if (member.hosted) await hostedSignIn(page, email, name);
  else await signInThroughPage(page, env.stack.urls.app, { email, password: PASSWORD, name });
  return page;
}

describe('a team', () => {
  it('invites, gives a gallery, uploads, orders, shows who did what, and removal ends a session at once', async () => {
    const { urls } = world.env.stack;
    const owner = await createVerifiedSeller(
      world.env.stack,
      { label: 'team-owner', ...OWNER },
      { plan: 'advanced', subscriptionStatus: 'active', monthlyPhotoUploadLimit: 100 },
    );
    const ownerPage = await (await world.browser.newContext()).newPage();
    await signInThroughPage(ownerPage, urls.app, { email: owner.email, ...OWNER });
    await ownerPage.getByRole('link', { name: 'Your Team' }).click();
    await ownerPage.getByRole('heading', { name: 'Your Team' }).waitFor();
    await ownerPage.getByText('0 of 10 members on your plan').waitFor();
    const photographerEmail = await invite(ownerPage, 'Pia Photographer', 'Photographer');
    const managerEmail = await invite(ownerPage, 'Max Manager', 'Manager');

    const photographer = await memberJoins(world.browser, world.env, {
      email: photographerEmail,
      name: 'Pia Photographer',
    });
    await photographer.getByText(`You work for ${OWNER.name} as a Photographer.`).waitFor();
    expect(await main(photographer).getByRole('link', { name: 'Orders' }).count()).toBe(0);
    await photographer.goto(`${urls.app}/seller-orders`);
    await photographer.getByText(teamErrors.roleRefused).waitFor();

    // The owner's gallery, given to the photographer.
    const galleryUrl = await createGalleryThroughPage(ownerPage, urls.app, 'Race day');
    await ownerPage.getByRole('checkbox', { name: 'Pia Photographer' }).check();
    await ownerPage.getByRole('button', { name: 'Save Photographers' }).click();
    await ownerPage.getByText('Photographers saved.').waitFor();

    // The photographer finds it in their list and uploads to it.
    await photographer.goto(`${urls.app}/galleries`);
    await photographer.getByRole('link', { name: /Race day/ }).click();
    await photographer.getByRole('heading', { name: 'Race day' }).waitFor();
    expect(photographer.url()).toBe(galleryUrl);
    const files = await Promise.all(
      [1, 2].map(async (n) => {
        const file = path.join(photoDir, `finish-${n}.jpg`);
        await writeFile(file, await noisyJpeg(800, 600, 40 * n, 85));
        return file;
      }),
    );
    await photographer.locator('input[type="file"]').setInputFiles(files);
    await photographer.getByText('Uploaded 2 of 2').waitFor({ timeout: 30_000 });
    expect(await main(photographer).getByRole('button', { name: 'Create order' }).count()).toBe(0);

    // The manager, signed in on the hosted page, makes an order of the photographer's photos.
    const manager = await memberJoins(world.browser, world.env, {
      email: managerEmail,
      name: 'Max Manager',
      hosted: true,
    });
    await manager.getByText(`You work for ${OWNER.name} as a Manager.`).waitFor();
    await manager.goto(galleryUrl);
    const ready = manager.locator('.photo-tile[data-status="READY"]');
    await expect.poll(() => ready.count(), { timeout: 30_000 }).toBe(2);
    for (const n of [1, 2]) await manager.getByRole('checkbox', { name: `Select finish-${n}.jpg` }).check();
    await manager.getByLabel('Price (£, 0 for a free order)').fill('0');
    await manager.getByRole('button', { name: 'Create order' }).click();
    await manager.getByRole('heading', { name: 'Order created' }).waitFor();

    // The owner sees who did what: who uploaded a photo, who created the order and the gallery.
    await ownerPage.goto(galleryUrl);
    await ownerPage.getByRole('button', { name: 'View finish-1.jpg' }).click();
    await ownerPage
      .getByRole('dialog', { name: 'finish-1.jpg' })
      .getByText('Uploaded by Pia Photographer')
      .waitFor();
    await ownerPage.keyboard.press('Escape');
    await ownerPage.goto(`${urls.app}/seller-orders`);
    await ownerPage.locator('.orders-table tbody tr').first().getByText('by Max Manager').waitFor();
    await ownerPage.goto(`${urls.app}/galleries`);
    await ownerPage
      .getByRole('link', { name: /Race day/ })
      .getByText(/by Rita Racing/)
      .waitFor();

    // The photographer's device, offline, queues a third photo; meanwhile the owner removes them.
    await photographer.goto(galleryUrl);
    await photographer.getByRole('heading', { name: 'Race day' }).waitFor();
    await photographer.context().setOffline(true);
    const late = path.join(photoDir, 'finish-3.jpg');
    await writeFile(late, await noisyJpeg(800, 600, 120, 85));
    await photographer.locator('input[type="file"]').setInputFiles(late);
    await photographer.locator('.upload-list li[data-state="offline"]').waitFor();
    await ownerPage.goto(`${urls.app}/team`);
    await ownerPage
      .getByRole('row', { name: /Pia Photographer/ })
      .getByRole('button', { name: 'Remove' })
      .click();
    await ownerPage
      .getByRole('dialog', { name: 'Remove this member?' })
      .getByRole('button', { name: 'Remove' })
      .click();
    await ownerPage.getByText('Pia Photographer was removed from your team.').waitFor();

    // Back online, the queued photo is refused with the reason, and the next step signs them out with it.
    await photographer.context().setOffline(false);
    await photographer.locator('.upload-list li[data-state="failed"]').waitFor({ timeout: 30_000 });
    await photographer.locator('p.hint', { hasText: teamErrors.memberRemoved }).waitFor();
    await photographer.goto(`${urls.app}/dashboard`);
    await photographer.waitForURL(/\/signin/, { timeout: 10_000 });
    await photographer.getByRole('alert').getByText(teamErrors.memberRemoved).waitFor();
    // Nothing the photographer uploaded before is lost.
    await ownerPage.goto(galleryUrl);
    await expect.poll(() => ownerPage.locator('.photo-tile[data-status="READY"]').count()).toBe(2);
    await ownerPage.getByRole('button', { name: 'View finish-2.jpg' }).click();
    await ownerPage
      .getByRole('dialog', { name: 'finish-2.jpg' })
      .getByText(`Uploaded by ${sellerCommonTexts.formerMemberName('Pia Photographer')}`)
      .waitFor();
  });
});
