import type { Page } from '@playwright/test';

/** Selects a list row the keyboard way (Space), which works with and without hover. */
export async function selectRow(page: Page, name: string) {
  await page.getByRole('row').filter({ hasText: name }).focus();
  await page.keyboard.press(' ');
}
