import { describe, expect, it } from 'vitest';
import type { PassageMatch } from '../../shared/index.js';
import { TimeFormatter } from '../../shared/time/index.js';
import { splitPassages } from '../../agents/store/passage-split.js';
import { factSentence, type FactSentence } from '../../agents/chat/fact-sentence.js';
import { askedCause } from '../../agents/chat/cause-answer.js';
import { browsedScreen, screenPassage } from '../helpers/screen-memory.js';

// Screens made up for this test, apart from the benchmark days: terminals (a backup, rsync, a deploy
// pipeline), an upload list, a checkout, a departures board, an Italian journey planner, a dispatch
// board, parcel tracking and a mail. Questions ask why something went wrong or what holds it up, in
// their own words; the screens say the trouble and its cause on different lines, or run them into one.
const fmt = new TimeFormatter('UTC');
const AT = '2026-11-03T14:05:00.000Z';
function ask(q: string, title: string, text: string): FactSentence {
  const ps: PassageMatch[] = splitPassages(text).map((s, i) => screenPassage(s.text, title, 5 - i * 0.3, AT, { kind: s.kind, observationId: 'obs_1' }));
  return factSentence(q, browsedScreen(title, AT, ps), fmt, undefined, { screens: () => ps })!;
}
/** A sure lead's sentence, without where it was seen. */
const stated = (f: FactSentence) => (f.known ? f.text.split(' — seen')[0]! : `(not stated) ${f.text}`);

describe('why it went wrong', () => {
  it('reads why and hold-up questions, not others', () => {
    expect(['Why did the backup job fail?', 'What went wrong with the upload?', 'How come the invoice bounced?', 'What caused the outage?', "What's the reason for the refund?"].map(askedCause)).toEqual(['why', 'why', 'why', 'why', 'why']);
    expect(["What's holding up the Arnhem route?", "What's delaying the delivery?", 'What is blocking the release?', 'What held the shipment up?'].map(askedCause)).toEqual(['holdup', 'holdup', 'holdup', 'holdup']);
    expect(['When did the backup run?', 'What did I run to clear the cache?', 'Who fixed the upload?'].map(askedCause)).toEqual([null, null, null]);
  });

  it("states the error's cause two lines above the line that repeats the failure", () => {
    const tar = 'mia@nas:~$ ./backup.sh /srv/photos\nArchiving /srv/photos …\ntar: /mnt/usb/photos.tar: Cannot write: No space left on device\ntar: Error is not recoverable: exiting now\nbackup failed after 12s\nmia@nas:~$';
    expect(stated(ask('Why did the backup job fail?', 'Terminal — backup', tar))).toBe('Cannot write: No space left on device');
  });

  it("states the asked command's cause, not another failed command's on the same terminal", () => {
    const two = 'ops@vault:~$ ./backup.sh\ntar: Cannot write: No space left on device\nbackup failed\nops@vault:~$ rsync -a /srv/docs nas:/docs\nrsync: mkdir "/docs" failed: Permission denied (13)\nrsync error: error in file IO (code 11)\nops@vault:~$';
    expect(stated(ask('Why did the rsync fail?', 'Terminal', two))).toBe('Permission denied (13)');
  });

  it('states the reason a list gives, cut out of the lines the splitter ran together', () => {
    const uploads = 'Uploads\nholiday.mov upload failed\nReason: the file is larger than the 2 GB limit of your plan\nreport.pdf uploaded 3 min ago';
    expect(stated(ask('What went wrong with the upload?', 'Uploads — Dropbox', uploads))).toBe('Reason: the file is larger than the 2 GB limit of your plan');
    const card = 'Order 7781\nPayment failed\nYour card was declined by the issuing bank. Try another card.\nShipping: 2-4 days';
    expect(stated(ask('Why did the payment fail?', 'Orders', card))).toBe('Your card was declined by the issuing bank');
  });

  it('states a timeout as the cause of a rollback, and a delay said "due to"', () => {
    expect(stated(ask('Why was the deploy rolled back?', 'Deploys — Pipeline', 'Deploy #482 rolled back at 10:42\nHealth check timed out after 30 s on api-2\nDeploy #481 succeeded at 09:10'))).toBe('Health check timed out after 30 s on api-2');
    const board = 'LX 318 Zurich  Delayed  14:50\nLH 902 Frankfurt  On time\nDelay due to late arrival of the incoming aircraft';
    expect(stated(ask('Why is the Zurich flight delayed?', 'Departures', board))).toBe('Delay due to late arrival of the incoming aircraft');
  });

  it("states an exit code that names the cause, when the question's own words say a job died and when it ran", () => {
    const cron = 'Scheduled jobs — last 24 h\nnightly-report  FAILED  started 01:10  died 01:32\nexit code 137 (OOMKilled) after 22 min\nthumbnail-sync  OK  started 01:15  finished 01:19';
    expect(stated(ask('Why did the nightly report die last night?', 'Scheduled jobs — Cronboard', cron))).toBe('exit code 137 (OOMKilled) after 22 min');
  });

  it('reads a cause said in Italian for an English question', () => {
    const it_ = 'Regionale 2231 Milano → Bergamo cancellato\nIl treno è stato cancellato a causa di un guasto tecnico\nProssimo treno 10:35';
    expect(stated(ask('Why was my train cancelled?', 'Journey — Trenitalia', it_))).toMatch(/^Il treno è stato cancellato a causa di un guasto tecnico/);
  });

  it('states the reason a mail gives with "because"', () => {
    const mail = 'From Ana\nHi all, I moved the planning meeting to Thursday because the room is booked on Wednesday.\nSee you then';
    expect(stated(ask('Why did Ana move the meeting?', 'Mail — Ana', mail))).toBe('Hi all, I moved the planning meeting to Thursday because the room is booked on Wednesday');
  });

  // Negatives: no cause on screen, or a cause of something else.
  it('says a failure shown without its cause is not explained', () => {
    const f = ask('Why did the backup fail?', 'Terminal', 'mia@nas:~$ ./backup.sh\nbackup failed after 12s\nmia@nas:~$ ls\nbackup.sh notes.txt');
    expect(f.known).toBe(false);
    expect(f.text).toMatch(/^I didn't find why: the screen says "backup failed after 12s"/);
    const died = ask('Why did the nightly report die?', 'Scheduled jobs — Cronboard', 'Scheduled jobs\nnightly-report  died 01:32\nthumbnail-sync  finished 01:19');
    expect(died.known).toBe(false);
    expect(died.text).toMatch(/^I didn't find why: the screen says "nightly-report\s+died 01:32"/);
  });

  it('states no cause from a screen about something else', () => {
    expect(ask('Why did the backup fail?', 'Photos — Gallery', 'Summer 2026\n128 photos\nShared with Tom').known).toBe(false);
  });
});

describe("what's holding it up", () => {
  it('states the blocker, not the status cell beside the name', () => {
    const routes = 'Route  Driver  Status\nArnhem  Pieter  Delayed\nUtrecht  Sanne  On time\nArnhem: Road works on the N325, expect +20 min';
    expect(stated(ask("What's holding up the Arnhem route?", 'Routes — Dispatch', routes))).toBe('Arnhem: Road works on the N325, expect +20 min');
    const parcel = 'Order #5521\nShipped 2 Dec\nStatus: In transit\nWaiting for customs clearance in Leipzig\nEstimated delivery 9 Dec';
    expect(stated(ask("What's delaying the delivery?", 'Order #5521 — Tracking', parcel))).toBe('Waiting for customs clearance in Leipzig');
  });

  it("does not state another row's blocker", () => {
    const routes = 'Route  Driver  Status\nArnhem  Pieter  Delayed\nUtrecht  Sanne  Delayed\nArnhem: Road works on the N325, expect +20 min';
    expect(ask("What's holding up the Utrecht route?", 'Routes — Dispatch', routes).known).toBe(false);
  });
});
