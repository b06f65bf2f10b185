/**
 * A command that fetches code from the network and runs it in the same breath: `curl … | sh`,
 * `wget -qO- … | sudo bash`, `bash <(curl …)`, `sh -c "$(curl …)"`, PowerShell's `iwr … | iex`,
 * `irm … | iex`, `iex (New-Object Net.WebClient).DownloadString(…)`. Whoever controls the address
 * controls what runs; a page's "this fixed it" carrying one is never offered as a step (issue 28).
 */
const FETCH = String.raw`(?:curl|wget|fetch|iwr|irm|invoke-webrequest|invoke-restmethod)\b`;
const SHELL = String.raw`(?:sudo\s+(?:-\S+\s+)*)?(?:sh|bash|zsh|dash|ksh|fish|python[0-9.]*|perl|ruby|node|php|iex|invoke-expression|pwsh|powershell)\b`;

const PATTERNS: RegExp[] = [
  // fetch … | shell
  new RegExp(String.raw`\b${FETCH}[^|\n]*\|\s*${SHELL}`, 'i'),
  // shell <(fetch …), shell -c "$(fetch …)", source <(fetch …)
  new RegExp(String.raw`\b(?:${SHELL}|source|\.)\s*(?:-\S+\s+)*(?:<\(|["']?\$\()\s*${FETCH}`, 'i'),
  // iex (…DownloadString(…)) / iex (iwr …)
  new RegExp(String.raw`\b(?:iex|invoke-expression)\b[^\n]{0,80}?(?:downloadstring|downloadfile|${FETCH})`, 'i'),
];

export function fetchesAndRuns(action: string): boolean {
  return PATTERNS.some((re) => re.test(action));
}
