/** What the user excluded from capture and memory: one matcher for the capture gate and the brain. */
export { ExclusionMatcher, type ExclusionRule, type ExclusionSettings, type WindowFacts } from './exclusion-matcher.js';
export { executableName, normaliseApp } from './app-name.js';
export { BROWSER_APPS, isBrowser } from './browsers.js';
