/** What kind of app this is, so an episode can say what the user did in it ("Edited", "Browsed"). */
export type AppCategory = 'browser' | 'office' | 'code' | 'terminal' | 'chat' | 'mail' | 'meeting' | 'media' | 'other';

const RULES: Array<[AppCategory, RegExp]> = [
  ['browser', /\b(chrome|chromium|firefox|safari|edge|brave|opera|vivaldi|arc|browser)\b/i],
  ['meeting', /\b(zoom|webex|meet|gotomeeting|whereby|jitsi)\b/i],
  ['mail', /\b(mail|outlook|thunderbird|evolution|spark|mimestream)\b/i],
  ['chat', /\b(slack|teams|discord|telegram|whatsapp|signal|messages|element|mattermost|skype)\b/i],
  ['terminal', /\b(terminal|iterm2?|konsole|alacritty|kitty|wezterm|xterm|powershell|cmd|tilix|ghostty|warp)\b/i],
  ['code', /\b(code|vscode|visual studio|vim|nvim|neovim|emacs|intellij|pycharm|webstorm|goland|sublime|xcode|cursor|zed|android studio)\b/i],
  ['office', /\b(libreoffice|calc|writer|impress|word|excel|powerpoint|keynote|pages|numbers|docs|sheets|slides|notion|obsidian|onenote|figma|acrobat|preview|evince|okular)\b/i],
  ['media', /\b(spotify|vlc|music|mpv|podcasts|youtube music)\b/i],
];

export function appCategory(app: string | null | undefined): AppCategory {
  if (!app) return 'other';
  for (const [cat, re] of RULES) if (re.test(app)) return cat;
  return 'other';
}

const VERB: Record<AppCategory, string> = {
  browser: 'Browsed',
  office: 'Edited',
  code: 'Edited',
  terminal: 'Worked in',
  chat: 'Chatted in',
  mail: 'Read mail',
  meeting: 'Was in a call',
  media: 'Listened to',
  other: 'Worked on',
};

export function activityVerb(cat: AppCategory): string {
  return VERB[cat];
}

export function eventTypeFor(cat: AppCategory): string {
  if (cat === 'browser') return 'browsing';
  if (cat === 'meeting') return 'meeting';
  if (cat === 'chat' || cat === 'mail') return 'communication';
  return 'activity';
}
