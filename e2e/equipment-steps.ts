/** Steps on the Equipment List that more than one spec takes. */
import type { Locator, Page } from '@playwright/test';
import { expect, rowAction } from './fixtures';

/**
 * An edit of the description only ('Yellow, cab heater') from the machine's row keeps its service (issue
 * 12: it used to send the next date back to start + interval): back on the Equipment List, the row
 * still says Good. Then the row's Notes & History: its dialog.
 */
export async function unrelatedEditThenHistory(
  page: Page,
  name: string,
  row: Locator,
): Promise<Locator> {
  await rowAction(page, name, 'Edit');
  await page.getByLabel('Description (optional)').fill('Yellow, cab heater');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page).toHaveURL(/\/equipment-list$/);
  await expect(row.getByText('Good', { exact: true })).toBeVisible();
  await rowAction(page, name, 'Notes & History');
  return page.getByRole('dialog', { name: 'Equipment Notes & History' });
}
