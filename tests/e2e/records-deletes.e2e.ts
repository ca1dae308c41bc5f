/**
 * Deleting a record made by mistake end to end (docs/DOMAIN.md, "Deleting"; real server, seeded
 * demo, Chromium): the school admin tries to delete student1, who has marks, is asked first, and
 * sees the refusal naming the marks and offering deactivation; then deletes a student just
 * created, who leaves the list. The screens pass axe and never scroll sideways.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { baseUrl, expectSoundScreen, launch, signIn } from './browser';

let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => {});
  await browser?.close();
});

async function newPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  contexts.push(context);
  return context.newPage();
}

/** A student added through the API as the signed-in admin (the app's own call, in the page). */
async function addStudent(page: Page, code: string): Promise<void> {
  const status = await page.evaluate(async (studentCode) => {
    const headers = { 'content-type': 'application/json', 'x-requested-with': 'pathshala' };
    const classes = (await (await fetch('/api/class', { headers })).json()) as { id: number; class_name: string }[];
    const six = classes.find((c) => c.class_name === 'Six')!;
    const sections = (await (await fetch(`/api/section/all?class_id=${six.id}`, { headers })).json()) as {
      id: number;
      section_default_name: string;
    }[];
    const a = sections.find((s) => s.section_default_name === 'A')!;
    const res = await fetch('/api/add_student', {
      method: 'POST',
      headers,
      body: JSON.stringify({
        student_code: studentCode,
        first_name: 'Mistaken',
        last_name: 'Entry',
        class_id: six.id,
        section_id: a.id,
        class_roll_no: 700 + Math.floor(Math.random() * 299),
      }),
    });
    return res.status;
  }, code);
  expect(status).toBe(200);
}

it('a student with marks is refused, naming them; a student just added is deleted', async () => {
  const admin = await newPage();
  await signIn(admin, 'admin1');
  await admin.waitForURL(`${baseUrl()}/school-admin`);

  // student1 (S-1-0001) has marks and attendance in the demo.
  await admin.goto(`${baseUrl()}/add-student?q=S-1-0001`);
  const remove = admin.getByRole('button', { name: /^Delete: .*\(S-1-0001\)$/ });
  await remove.waitFor();
  await remove.click();
  const dialog = admin.getByRole('dialog', { name: 'Delete this student?' });
  // Headless UI's dialog root has no box of its own: wait for its title.
  await dialog.getByRole('heading', { name: 'Delete this student?' }).waitFor();
  await expect(dialog.textContent()).resolves.toMatch(/S-1-0001.*will be deleted/);
  await expectSoundScreen(admin, '/add-student asking before a delete');
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  const refusal = admin.getByRole('alert').filter({ hasText: 'This record cannot be deleted' });
  await refusal.waitFor();
  await expect(refusal.textContent()).resolves.toMatch(/exam marks|attendance marks/);
  await expect(refusal.textContent()).resolves.toContain('deactivate instead');
  await expectSoundScreen(admin, '/add-student with a refused delete');
  await refusal.getByRole('button', { name: 'OK' }).click();
  await expect(admin.getByRole('cell', { name: 'S-1-0001', exact: true }).count()).resolves.toBe(1);

  const code = `DEL-${Date.now().toString(36)}`;
  await addStudent(admin, code);
  await admin.goto(`${baseUrl()}/add-student?q=${code}`);
  const fresh = admin.getByRole('button', { name: new RegExp(`^Delete: .*\\(${code}\\)$`) });
  await fresh.waitFor();
  await fresh.click();
  await admin
    .getByRole('dialog', { name: 'Delete this student?' })
    .getByRole('button', { name: 'Delete', exact: true })
    .click();
  await admin.getByText('Student deleted.').first().waitFor();
  await admin.getByText(`No one matches “${code}”.`).waitFor();
});
