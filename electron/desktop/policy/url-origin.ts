/**
 * The origin of a URL as Chromium sees it for our standard app:// scheme. Node's URL reports
 * "null" as the origin of any non-special scheme, so it cannot be used for app:// directly.
 */
export function originOf(rawUrl: string): string | null {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return null;
  }
  if (url.origin !== 'null') return url.origin;
  if (!url.host) return null;
  return `${url.protocol}//${url.host}`;
}
