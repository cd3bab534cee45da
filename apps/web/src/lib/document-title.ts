/** The browser tab's title: the count of conversations waiting for me first, so it shows in the tab strip. */
export const APP_TITLE = 'Atende';

export function formatDocumentTitle(count: number, base = APP_TITLE): string {
  if (!Number.isFinite(count) || count <= 0) return base;
  return `(${count > 99 ? '99+' : Math.floor(count)}) ${base}`;
}
