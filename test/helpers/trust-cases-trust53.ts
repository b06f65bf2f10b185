import type { TrustCase } from './trust-attack.js';

/**
 * Doors trust52 and offer52 left open (trust53): a value put into the vault after the text that
 * quotes it was kept, with nothing else to start a pass. Values made up for these cases alone
 * (words, not digits: a 4-digit PIN is in any file's bytes by chance), so a leak is charged here.
 */
export const TRUST53_CASES: TrustCase[] = [
  // A one-word lock code, told with its label after it, over it, and in a thread's title.
  {
    name: 'vault-write-short',
    via: 'vault-write',
    entry: { title: 'Canal boat lock', entry_type: 'note', secret: 'larkspur' },
    note: 'Canal boat: larkspur is the lock code, the spare key is in the tin',
    screen: 'Canal boat\nLock code\nlarkspur',
    caption: 'A note app showing the canal boat lock code larkspur',
    thread: 'Is the boat lock code larkspur or did Sam change it',
    secret: 'larkspur',
  },
  // A long password, quoted alone wherever it stands.
  {
    name: 'vault-write-long',
    via: 'vault-write',
    entry: { title: 'Darkroom NAS', entry_type: 'password', secret: 'Umber-Kestrel-4418' },
    note: 'Set the darkroom NAS admin to Umber-Kestrel-4418 on Tuesday',
    screen: 'Darkroom NAS\nadmin Umber-Kestrel-4418',
    caption: 'A terminal where the admin typed Umber-Kestrel-4418',
    thread: 'Why does Umber-Kestrel-4418 not open the darkroom NAS',
    secret: 'Umber-Kestrel-4418',
  },
  // A form in columns: the code under its label's column, a row of labels over a row of values.
  {
    name: 'vault-write-columns',
    via: 'vault-write',
    entry: { title: 'Sailing club locker', entry_type: 'note', secret: 'wolfsbane' },
    note: 'Sailing club lockers\nName     Locker code     Key\nPriya    wolfsbane       brass',
    screen: 'Member\tLocker code\tDeposit\nPriya Shah\twolfsbane\tpaid',
    caption: 'A spreadsheet of sailing club lockers',
    thread: 'Sailing club locker list',
    secret: 'wolfsbane',
  },
];
