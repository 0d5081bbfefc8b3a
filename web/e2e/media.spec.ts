import sharp from 'sharp';
import { MEDIA_MESSAGES } from '@vitrine/domain/schemas/media';
import { test, expect, expectNoSeriousA11yViolations, registerMember, signIn } from './fixtures';
import { createProject, expectToast } from './public-helpers';

/** A PNG of one colour, as a file the page's file input takes. */
async function picture(name: string, background: string) {
  const buffer = await sharp({ create: { width: 960, height: 540, channels: 3, background } })
    .png()
    .toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

test.describe('project screenshots', () => {
  test("the owner uploads and reorders images, the gallery's lightbox follows the keyboard; a file the server would refuse is stopped at the field with its words, and the server's own refusals show there too", async ({
    page,
    request,
  }) => {
    // Former tests, a step each: the timeout is the sum of theirs.
    test.setTimeout(180_000);
    await test.step('the owner uploads and reorders images; the gallery opens a lightbox the keyboard drives', async () => {
      const member = await registerMember(request);
      await signIn(page, member);
      const project = await createProject(page);
      await page.goto(`/projects/${project.id}`);

      const manager = page.getByRole('heading', { name: 'Manage images' }).locator('..');
      await expect(manager.getByText('0 of 8 images. The first image is the cover.')).toBeVisible();
      await manager.getByLabel('Image file').setInputFiles(await picture('red.png', '#cc2222'));
      await manager.getByLabel('Alt text', { exact: true }).fill('Red title screen');
      await manager.getByRole('button', { name: 'Add image' }).click();
      await expectToast(page, 'Image added');
      await expect(manager.getByText('1 of 8 images. The first image is the cover.')).toBeVisible();
      // Added without alt text: the new image's alt text field asks for it and takes focus.
      await manager.getByLabel('Image file').setInputFiles(await picture('blue.png', '#2244cc'));
      await manager.getByRole('button', { name: 'Add image' }).click();
      await expectToast(page, 'Image added');
      await expect(
        page.getByText('Describe what it shows in its alt text, for people who cannot see it.'),
      ).toBeVisible();
      await expect(manager.getByText('2 of 8 images. The first image is the cover.')).toBeVisible();
      await expect(manager.getByLabel('Alt text of image 2')).toBeFocused();
      await page.keyboard.type('Blue level map');
      await page.keyboard.press('Enter');

      const gallery = page.getByRole('region', { name: 'Screenshots' });
      await expect(gallery.getByRole('button', { name: 'Open image 1 of 2: Red title screen' })).toBeVisible();

      // Reorder: the second image moves first and becomes the cover.
      await manager.getByRole('button', { name: 'Move image 2 earlier' }).click();
      await expect(gallery.getByRole('button', { name: 'Open image 1 of 2: Blue level map' })).toBeVisible();
      await expect(manager.getByLabel('Alt text of image 1')).toHaveValue('Blue level map');

      await expectNoSeriousA11yViolations(page);

      // The lightbox by keyboard: focus the first thumbnail, Enter opens, arrows move, Escape closes.
      await gallery.getByRole('button', { name: 'Open image 1 of 2: Blue level map' }).focus();
      await page.keyboard.press('Enter');
      const lightbox = page.getByRole('dialog', { name: 'Image 1 of 2' });
      await expect(lightbox).toBeVisible();
      await expect(lightbox.getByRole('img', { name: 'Blue level map' })).toBeVisible();
      await expectNoSeriousA11yViolations(page, '[role="dialog"]');
      await page.keyboard.press('ArrowRight');
      await expect(page.getByRole('dialog', { name: 'Image 2 of 2' })).toBeVisible();
      await expect(page.getByRole('dialog').getByRole('img', { name: 'Red title screen' })).toBeVisible();
      await page.keyboard.press('ArrowLeft');
      await expect(page.getByRole('dialog', { name: 'Image 1 of 2' })).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect(gallery.getByRole('button', { name: 'Open image 1 of 2: Blue level map' })).toBeFocused();

      // The cover (now the blue image) leads the project's card in the list, sized before it loads.
      // Found by search: newer projects of other journeys push it off Latest's first page.
      await page.goto(`/?q=${encodeURIComponent(project.title)}`);
      const card = page.locator('#projects article').filter({ hasText: project.title }).first();
      const cover = card.locator('picture img');
      await expect(cover).toHaveAttribute('src', /^\/media\/[0-9a-f]{40}\.webp$/);
      await expect(cover).toHaveAttribute('width', '960');
      await expect(cover).toHaveAttribute('height', '540');
      // The list may be drawn again meanwhile (other journeys' projects arrive live): scroll the card
      // that is there now, until its cover has loaded.
      await expect(async () => {
        await cover.scrollIntoViewIfNeeded({ timeout: 2_000 });
        expect(await cover.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
      }).toPass();
      await expectNoSeriousA11yViolations(page, 'article');
      await card.screenshot({ path: test.info().outputPath('card-with-cover.png') });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        page.viewportSize()!.width,
      );
    });
    await page.context().clearCookies();
    await test.step("a file over the size limit or of a refused shape is stopped at the field with the server's words; the server's own refusals show there too", async () => {
      const member = await registerMember(request);
      await signIn(page, member);
      const project = await createProject(page);
      const uploads: string[] = [];
      page.on('request', (sent) => {
        if (sent.method() === 'POST' && sent.url().endsWith(`/api/projects/${project.id}/media`))
          uploads.push(sent.url());
      });
      await page.goto(`/projects/${project.id}`);
      const manager = page.getByRole('heading', { name: 'Manage images' }).locator('..');
      const file = manager.getByLabel('Image file');
      await expect(manager.getByText(`PNG, JPEG, WebP, AVIF or GIF. ${MEDIA_MESSAGES.tooLarge}`)).toBeVisible();

      // 9 MB: refused from its size as soon as it is chosen, and again on Add image, which sends nothing.
      await file.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(9 * 1024 * 1024, 1) });
      await expect(manager.getByText(MEDIA_MESSAGES.tooLarge, { exact: true })).toBeVisible();
      await expect(file).toHaveAttribute('aria-invalid', 'true');
      await manager.getByRole('button', { name: 'Add image' }).click();
      await expect(file).toBeFocused();

      // A strip more than 40 times as wide as it is tall: refused from its decoded size.
      const strip = await sharp({ create: { width: 4100, height: 100, channels: 3, background: '#222222' } })
        .png()
        .toBuffer();
      await file.setInputFiles({ name: 'strip.png', mimeType: 'image/png', buffer: strip });
      await expect(manager.getByText(MEDIA_MESSAGES.tooNarrow, { exact: true })).toBeVisible();
      await manager.getByRole('button', { name: 'Add image' }).click();
      await expect(file).toBeFocused();
      expect(uploads).toHaveLength(0);

      // What the browser cannot read goes to the server, whose refusal shows at the field.
      await file.setInputFiles({
        name: 'fake.png',
        mimeType: 'image/png',
        buffer: Buffer.from('not an image at all\n'),
      });
      await expect(file).not.toHaveAttribute('aria-invalid', 'true');
      await manager.getByRole('button', { name: 'Add image' }).click();
      await expect(manager.getByText(MEDIA_MESSAGES.notImage, { exact: true })).toBeVisible();
      await expect(file).toBeFocused();
      expect(uploads).toHaveLength(1);

      // A good picture clears the message and is added.
      await file.setInputFiles(await picture('fine.png', '#22aa44'));
      await expect(file).not.toHaveAttribute('aria-invalid', 'true');
      await manager.getByRole('button', { name: 'Add image' }).click();
      await expectToast(page, 'Image added');
      await expect(manager.getByText('1 of 8 images. The first image is the cover.')).toBeVisible();

      // A browser sending 9 MB anyway (a script, an older page) reads the server's 413 instead of a reset.
      const answer = await page.evaluate(async (id) => {
        const form = new FormData();
        form.append('file', new Blob([new Uint8Array(9 * 1024 * 1024)], { type: 'image/png' }), 'huge.png');
        const res = await fetch(`/api/projects/${id}/media`, { method: 'POST', body: form, credentials: 'include' });
        return { status: res.status, body: (await res.json()) as unknown };
      }, project.id);
      expect(answer).toEqual({ status: 413, body: { message: MEDIA_MESSAGES.tooLarge } });
    });
  });
});
