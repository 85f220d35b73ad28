/** Get Help in the browser, for the files that send requests through it. */
import type { Locator, Page } from 'playwright-core';

export const TICKET_TOAST = /Support ticket #(HELP-\d+) has been created\. We'll be in touch shortly\./;

/** Sends the open Get Help form with the recording box left unticked; the ticket must say it has no recording. */
export async function sendUnticked(page: Page, panel: Locator): Promise<void> {
  await expect(panel.getByRole('checkbox', { name: 'Attach a recording of my screen' }).isChecked()).resolves.toBe(false);
  const ticket = page.waitForRequest((r) => r.url().endsWith('/api/service') && r.postData()?.includes('/whichway/support') === true);
  await panel.getByRole('button', { name: 'Submit' }).click();
  const sent = JSON.parse((await ticket).postData()!) as { payload: Record<string, string> };
  await page.getByText(TICKET_TOAST).waitFor();
  expect(sent.payload).not.toHaveProperty('recordingId');
  expect(sent.payload.description).toContain('Session recording: (not attached)');
}
