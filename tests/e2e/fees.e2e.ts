/**
 * Fees end to end (real server, seeded demo, Chromium): the school admin adds a sector, sets a fee
 * for Class Six (confirming how many students it reaches), records a partial cash payment for
 * one student and sees the receipt number and the due amount change, to the poisha. The screens
 * visited pass axe and never scroll sideways, also at 360 px.
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

async function newPage(width = 1280): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 800 } });
  contexts.push(context);
  return context.newPage();
}

it('adds a sector, invoices Class Six, takes a partial cash payment and the due drops by exactly that', async () => {
  const run = Date.now().toString(36).slice(-6).toUpperCase();
  const sectorName = `Exam fee ${run}`;
  const admin = await newPage();
  await signIn(admin, 'admin1');
  await admin.waitForURL(`${baseUrl()}/school-admin`);

  await admin.goto(`${baseUrl()}/payment`);
  await admin.getByRole('textbox', { name: 'Sector Code' }).fill(`E${run}`);
  await admin.getByRole('textbox', { name: 'Sector Name' }).fill(sectorName);
  await admin.getByRole('button', { name: 'Submit' }).click();
  await admin.getByText('New Sector saved successfully').first().waitFor();
  await admin.getByRole('table', { name: 'Sector List' }).getByText(sectorName).waitFor();
  await expectSoundScreen(admin, '/payment sectors');

  await admin.getByRole('button', { name: 'Fee setup' }).click();
  const sector = admin.getByRole('combobox', { name: 'Sector' });
  await sector.locator('option', { hasText: sectorName }).waitFor({ state: 'attached' });
  await sector.selectOption({ label: `E${run} · ${sectorName}` });
  await admin.getByRole('combobox', { name: 'Class' }).selectOption({ label: 'Six' });
  await admin.getByRole('textbox', { name: 'Amount (৳)' }).fill('1250.50');
  await admin.getByRole('textbox', { name: 'Last date' }).fill('31-12-2026');
  await admin.getByRole('textbox', { name: 'Last date' }).press('Tab');
  await admin.getByRole('button', { name: 'Generate invoices' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Generate invoices?' });
  await dialog.getByText(/This will invoice \d+ students ৳1,250\.50 each\./).waitFor();
  await expectSoundScreen(admin, '/payment fee confirmation');
  await dialog.getByRole('button', { name: 'Generate' }).click();
  await admin
    .getByText(/^\d+ invoices generated$/)
    .first()
    .waitFor();

  await admin.getByRole('button', { name: 'Collection' }).click();
  await admin.getByRole('textbox', { name: 'Student: name, roll or code' }).fill('S-1-0002');
  await admin.getByRole('button', { name: 'Find' }).click();
  const due = admin.getByRole('table', { name: /^Due invoices of/ });
  const row = due.getByRole('row').filter({ hasText: sectorName });
  await row.waitFor();
  await expect(row.getByText('৳1,250.50').count()).resolves.toBe(2);
  await row.getByRole('checkbox').check();
  await admin.getByRole('textbox', { name: 'Amount received (৳)' }).fill('500.25');
  await admin.getByRole('button', { name: 'Record payment' }).click();
  const confirm = admin.getByRole('dialog', { name: 'Record this payment?' });
  await confirm.getByText(/৳500\.25 by Cash/).waitFor();
  await confirm.getByRole('button', { name: 'Record payment' }).click();
  await admin.getByText(/Payment recorded\. Receipt number R-\d{6}/).waitFor();
  await row.getByText('৳750.25').waitFor();
  await row.getByText('৳500.25').waitFor();
  await expectSoundScreen(admin, '/payment after a payment');

  const phone = await newPage(360);
  await signIn(phone, 'admin1');
  await phone.waitForURL(`${baseUrl()}/school-admin`);
  await phone.goto(`${baseUrl()}/payment?tab=collect&student_code=S-1-0002`);
  await phone.getByRole('table', { name: /^Due invoices of/ }).waitFor();
  await expectSoundScreen(phone, '/payment collection at 360 px');
});

it('a waiver and a refund are new entries: the due and the collections report show them to the poisha', async () => {
  const run = Date.now().toString(36).slice(-6).toUpperCase();
  const sectorName = `Lab fee ${run}`;
  const admin = await newPage();
  await signIn(admin, 'admin1');
  await admin.waitForURL(`${baseUrl()}/school-admin`);
  await admin.goto(`${baseUrl()}/payment`);
  await admin.getByRole('textbox', { name: 'Sector Code' }).fill(`L${run}`);
  await admin.getByRole('textbox', { name: 'Sector Name' }).fill(sectorName);
  await admin.getByRole('button', { name: 'Submit' }).click();
  await admin.getByRole('table', { name: 'Sector List' }).getByText(sectorName).waitFor();

  await admin.getByRole('button', { name: 'Fee setup' }).click();
  const sector = admin.getByRole('combobox', { name: 'Sector' });
  await sector.locator('option', { hasText: sectorName }).waitFor({ state: 'attached' });
  await sector.selectOption({ label: `L${run} · ${sectorName}` });
  await admin.getByRole('combobox', { name: 'Class' }).selectOption({ label: 'Six' });
  await admin.getByRole('textbox', { name: 'Amount (৳)' }).fill('1250.50');
  await admin.getByRole('textbox', { name: 'Last date' }).fill('31-12-2026');
  await admin.getByRole('textbox', { name: 'Last date' }).press('Tab');
  await admin.getByRole('button', { name: 'Generate invoices' }).click();
  await admin.getByRole('dialog', { name: 'Generate invoices?' }).getByRole('button', { name: 'Generate' }).click();
  await admin
    .getByText(/^\d+ invoices generated$/)
    .first()
    .waitFor();

  // A partial cash payment of 500.25 on the new invoice.
  await admin.getByRole('button', { name: 'Collection' }).click();
  await admin.getByRole('textbox', { name: 'Student: name, roll or code' }).fill('S-1-0003');
  await admin.getByRole('button', { name: 'Find' }).click();
  const payRow = admin
    .getByRole('table', { name: /^Due invoices of/ })
    .getByRole('row')
    .filter({ hasText: sectorName });
  await payRow.getByRole('checkbox').check();
  await admin.getByRole('textbox', { name: 'Amount received (৳)' }).fill('500.25');
  await admin.getByRole('button', { name: 'Record payment' }).click();
  await admin
    .getByRole('dialog', { name: 'Record this payment?' })
    .getByRole('button', { name: 'Record payment' })
    .click();
  const receipt = (await admin.getByText(/Payment recorded\. Receipt number R-\d{6}/).textContent())!.match(
    /R-\d{6}/,
  )![0];

  // A discount of 100.10 with its reason, confirmed first.
  await admin.getByRole('button', { name: 'Adjustments' }).click();
  const due = admin.getByRole('table', { name: /^Due invoices of/ });
  const row = due.getByRole('row').filter({ hasText: sectorName });
  await row.getByRole('button', { name: /^Waive or discount/ }).click();
  await admin.getByRole('combobox', { name: 'Kind' }).selectOption('discount');
  await admin.getByRole('textbox', { name: 'Amount (৳)' }).fill('100.10');
  await admin.getByRole('textbox', { name: 'Reason' }).fill('Sibling discount');
  await admin.getByRole('button', { name: 'Save waiver' }).click();
  const confirmWaiver = admin.getByRole('dialog', { name: 'Save this waiver?' });
  await confirmWaiver.getByText(/Discount of ৳100\.10/).waitFor();
  await expectSoundScreen(admin, '/payment waiver confirmation');
  await confirmWaiver.getByRole('button', { name: 'Yes, record it' }).click();
  await admin.getByRole('status').getByText('Waiver saved').waitFor();
  await row.getByText('৳650.15').waitFor();
  await row.getByText('৳100.10').waitFor();

  // A refund of 200.00 of that payment: a new entry with its own receipt.
  await admin.getByRole('button', { name: 'Another adjustment' }).click();
  const ledger = admin.getByRole('table', { name: /^Payments of/ });
  await ledger.getByRole('button', { name: `Refund or correct: ${receipt}` }).click();
  await admin.getByRole('textbox', { name: /^Amount/ }).fill('200.00');
  await admin.getByRole('textbox', { name: 'Reason' }).fill('Paid twice by mistake');
  await admin.getByRole('button', { name: 'Record entry' }).click();
  const confirmRefund = admin.getByRole('dialog', { name: 'Record this refund or correction?' });
  await confirmRefund.getByText(`Refund of ৳200.00 on receipt ${receipt}.`).waitFor();
  await confirmRefund.getByRole('button', { name: 'Yes, record it' }).click();
  await admin.getByText(/Entry recorded: receipt R-\d{6}/).waitFor();
  await row.getByText('৳850.15').waitFor();
  await ledger.getByText('-৳200.00').waitFor();
  await expectSoundScreen(admin, '/payment after a refund');

  // The collections report nets the refund against the payment for this sector today.
  await admin.getByRole('button', { name: 'Reports' }).click();
  await admin.getByRole('combobox', { name: 'Report' }).selectOption('collections');
  const collections = admin.getByRole('table', { name: 'Collections by day and sector' });
  const line = collections.getByRole('row').filter({ hasText: sectorName });
  await line.getByText('৳300.25').waitFor();
  await admin.getByRole('combobox', { name: 'Report' }).selectOption('session');
  await admin.getByText(/^Net collections in \d{4}:/).waitFor();
  await admin.getByRole('table', { name: 'Collections per month' }).waitFor();
  await expectSoundScreen(admin, '/payment collections chart');

  const phone = await newPage(360);
  await signIn(phone, 'admin1');
  await phone.waitForURL(`${baseUrl()}/school-admin`);
  await phone.goto(`${baseUrl()}/payment?tab=reports&report=session`);
  await phone.getByRole('table', { name: 'Collections per month' }).waitFor();
  await expectSoundScreen(phone, '/payment chart at 360 px');
});
