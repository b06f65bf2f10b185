import type { Page } from 'playwright-core';

/**
 * Every interactive element on the page has an accessible name (aria-label, aria-labelledby, a
 * <label>, or its own text). Returns a description of the ones that do not.
 */
export async function unlabelledControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const bad: string[] = [];
    const controls = document.querySelectorAll<HTMLElement>('button, a[href], input:not([type=hidden]), select, textarea, [role=switch], [role=tab], [role=option], [role=menuitem], [role=radio]');
    for (const el of Array.from(controls)) {
      if (el.closest('[aria-hidden="true"]')) continue;
      const style = getComputedStyle(el);
      if (style.display === 'none' || style.visibility === 'hidden') continue;
      const labelledBy = el.getAttribute('aria-labelledby');
      const byIds = labelledBy
        ?.split(/\s+/)
        .map((ref: string) => document.getElementById(ref)?.textContent ?? '')
        .join(' ')
        .trim();
      const id = el.getAttribute('id');
      const forLabel = id ? document.querySelector(`label[for="${CSS.escape(id)}"]`)?.textContent?.trim() : '';
      const wrapping = el.closest('label')?.textContent?.trim();
      const name = el.getAttribute('aria-label')?.trim() || byIds || forLabel || wrapping || el.textContent?.trim() || el.getAttribute('title')?.trim() || '';
      if (!name) bad.push(`${el.tagName.toLowerCase()}${el.className ? '.' + String(el.className).split(' ').join('.') : ''}`);
    }
    return bad;
  });
}
