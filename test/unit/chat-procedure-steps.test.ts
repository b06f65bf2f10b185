import { describe, expect, it } from 'vitest';
import type { PassageMatch } from '../../shared/index.js';
import { TimeFormatter } from '../../shared/time/index.js';
import { splitPassages } from '../../agents/store/passage-split.js';
import { factSentence, type FactSentence } from '../../agents/chat/fact-sentence.js';
import { commandsOf, showsTerminal } from '../../agents/chat/terminal-commands.js';
import { askedCondition, conditionalSteps } from '../../agents/chat/step-condition.js';
import { browsedScreen, screenPassage } from '../helpers/screen-memory.js';

// Screens made up for this test, apart from the benchmark days: terminals (bash, zsh, oh-my-zsh,
// PowerShell), SOPs and house rules with conditional steps (English, German, Spanish), print and brand
// guidelines, airline rules and roadworks notices. Questions say it in other words than the screens.
// Each screen is cut into passages as the store cuts a screen, and read back whole.
const fmt = new TimeFormatter('UTC');
const AT = '2026-11-03T14:05:00.000Z';
function ask(q: string, title: string, text: string): FactSentence {
  const ps: PassageMatch[] = splitPassages(text).map((s, i) => screenPassage(s.text, title, 5 - i * 0.3, AT, { kind: s.kind, observationId: 'obs_1' }));
  return factSentence(q, browsedScreen(title, AT, ps), fmt, undefined, { screens: () => ps })!;
}
/** A sure lead's sentence, without where it was seen. */
const stated = (f: FactSentence) => (f.known ? f.text.split(' — seen')[0]! : `(not stated) ${f.text}`);

describe('commands typed at a prompt', () => {
  it('reads prompts of several shells, with the folder, and what each command printed', () => {
    const bash = commandsOf(['dana@kestrel:~/app$ npm cache clean --force', 'npm WARN using --force', 'dana@kestrel:~/app$ ls', 'dist  src', 'dana@kestrel:~/app$']);
    expect(bash.map((c) => [c.command, c.cwd])).toEqual([['npm cache clean --force', '~/app'], ['ls', '~/app']]);
    expect(bash[0]!.output).toEqual(['npm WARN using --force']);
    const ps = commandsOf(['PS C:\\Users\\dana\\repo> Remove-Item -Recurse -Force node_modules', 'PS C:\\Users\\dana\\repo> npm ci', 'added 640 packages']);
    expect(ps.map((c) => [c.command, c.cwd])).toEqual([['Remove-Item -Recurse -Force node_modules', 'C:\\Users\\dana\\repo'], ['npm ci', 'C:\\Users\\dana\\repo']]);
    const omz = commandsOf(['➜  blog git:(main) ✗ hugo --minify', 'Start building sites …', '➜  blog git:(main) ✗ git push']);
    expect(omz.map((c) => [c.command, c.cwd])).toEqual([['hugo --minify', 'blog'], ['git push', 'blog']]);
    const zsh = commandsOf(['~/photos % exiftool -all= *.jpg                                10:14:02', '    48 image files updated', '~/photos % ls']);
    expect(zsh[0]).toMatchObject({ command: 'exiftool -all= *.jpg', cwd: '~/photos', at: '10:14' });
  });

  it('reads no command in a sum, a quoted mail or prose', () => {
    expect(commandsOf(['$ 25.00 for the taxi', '> Thanks, see you on Friday', '> I will bring the cake', '# Minutes of the meeting'])).toEqual([]);
    // One command in a README is one command, not a terminal.
    expect(showsTerminal(['Install it with', '$ npm i left-pad', 'then import it.'], 'left-pad — README')).toBe(false);
    expect(showsTerminal(['$ npm i', 'added 3 packages', '$ npm test', '2 passing'], 'Terminal')).toBe(true);
  });

  const bashScreen = 'Terminal\ndana@kestrel:~/app$ git status\nOn branch main\nnothing to commit, working tree clean\ndana@kestrel:~/app$ npm cache clean --force\nnpm WARN using --force Recommended protections disabled.\ndana@kestrel:~/app$ du -sh ~/.npm\n412K /home/dana/.npm\ndana@kestrel:~/app$';
  it('states the command that did what was asked, not its output nor the next prompt', () => {
    expect(stated(ask('What did I run to wipe the npm cache?', 'dana@kestrel: ~/app', bashScreen))).toBe('You ran `npm cache clean --force` (in ~/app)');
  });

  it('cuts the output and the next prompt OCR ran into one line off the command', () => {
    const yarn = 'alex@box ~/app $ ls\nsrc dist\nalex@box ~/app $ yarn cache clean success Cleared cache. alex@box ~/app $ npm run build\n> app@1.0.0 build';
    expect(stated(ask('What did I run to clear the cache?', 'Terminal', yarn))).toBe('You ran `yarn cache clean` (in ~/app)');
  });

  it('finds the command by what it printed', () => {
    const docker = '$ docker ps -a\nCONTAINER ID   IMAGE   STATUS\n$ docker system prune -a -f\nDeleted images: 14\nTotal reclaimed space: 6.3GB\n$ df -h /\n/dev/nvme0n1p2  228G  141G  76G  65% /';
    expect(stated(ask('Which command did I use to reclaim space from docker?', 'Terminal — bash', docker))).toBe('You ran `docker system prune -a -f`');
  });

  it('reads a PowerShell prompt', () => {
    const ps = 'Windows PowerShell\nPS C:\\Users\\dana\\repo> git clean -n\nWould remove build/\nPS C:\\Users\\dana\\repo> Remove-Item -Recurse -Force node_modules\nPS C:\\Users\\dana\\repo> npm ci\nadded 640 packages in 31s';
    expect(stated(ask('What did I type to delete node_modules?', 'Windows PowerShell', ps))).toBe('You ran `Remove-Item -Recurse -Force node_modules` (in C:\\Users\\dana\\repo)');
  });

  it('states the command between a failing run and the run that worked, for "which command fixed"', () => {
    const build = '$ npm run build\nError: Cannot find module \'vite\'\n$ npm install\nadded 212 packages in 9s\n$ npm run build\n✓ built in 4.1s';
    expect(stated(ask('Which command fixed the build?', 'Terminal', build))).toBe('You ran `npm install`; after it `npm run build` worked');
  });

  it('states the run that carried the fix with it, for "how did I get past the error"', () => {
    const django = 'ana@mesa ~/shop $ python manage.py migrate\ndjango.db.utils.OperationalError: no such table: orders_invoice\nana@mesa ~/shop $ git log -1 --oneline\n3f2a1c0 Add invoices\nana@mesa ~/shop $ python manage.py makemigrations orders && python manage.py migrate\nMigrations for \'orders\': 0004_invoice.py\nApplying orders.0004_invoice... OK';
    expect(stated(ask('How did I get past the "no such table" error?', 'ana@mesa: ~/shop', django))).toBe('You ran `python manage.py makemigrations orders && python manage.py migrate` (in ~/shop)');
  });

  it('states the oh-my-zsh command with the folder it ran in', () => {
    const hugo = '➜  blog git:(main) ✗ hugo --minify\nStart building sites …\nTotal in 312 ms\n➜  blog git:(main) ✗ git push origin main';
    expect(stated(ask('What did I type to build the blog?', 'iTerm2 — zsh', hugo))).toBe('You ran `hugo --minify` (in blog)');
  });

  it('meets what the prompt names: the machine a command ran on', () => {
    const root = 'root@web-01:/var/www# nginx -t\nnginx: configuration file /etc/nginx/nginx.conf test is successful\nroot@web-01:/var/www# systemctl restart nginx\nroot@web-01:/var/www# systemctl status nginx\nActive: active (running) since Tue 10:02';
    expect(stated(ask('What did I run to restart the web server?', 'root@web-01: /var/www', root))).toBe('You ran `systemctl restart nginx` (in /var/www)');
  });

  // Negatives: the command run is not the asked one.
  it('states no command when none run is about what was asked', () => {
    const git = 'Terminal\ndana@kestrel:~/app$ git pull\nAlready up to date.\ndana@kestrel:~/app$ git log -3 --oneline\n9c1e2f0 Fix header\ndana@kestrel:~/app$';
    const f = ask('What did I run to clear the npm cache?', 'dana@kestrel: ~/app', git);
    expect(f.text).not.toMatch(/^You ran/);
    expect(f.known).toBe(false);
  });

  it('states no fix when the failing command never worked', () => {
    const broken = '$ npm run build\nError: Cannot find module \'vite\'\n$ npm install vite\nnpm ERR! 404 Not Found\n$ npm run build\nError: Cannot find module \'vite\'';
    expect(ask('Which command fixed the build?', 'Terminal', broken).text).not.toMatch(/^You ran/);
  });
});

describe('steps under a condition', () => {
  it('reads conditions opened in several languages, after the action, and as a question', () => {
    const steps = conditionalSteps([
      'If the box is dented or wet: photograph it and refuse it.',
      'Bei falscher Adresse: Paket an den Fahrer zurückgeben.',
      'Si no puedes venir, cancela en la app.',
      'Call the duty manager if the alarm goes off.',
      'Parcel missing? Report it in the app.',
    ]);
    expect(steps.map((s) => [s.condition, s.action])).toEqual([
      ['the box is dented or wet', 'photograph it and refuse it'],
      ['falscher Adresse', 'Paket an den Fahrer zurückgeben'],
      ['no puedes venir', 'cancela en la app'],
      ['the alarm goes off', 'Call the duty manager'],
      ['Parcel missing', 'Report it in the app'],
    ]);
    expect(askedCondition('What do I do if a parcel arrives damaged?')).toBe('a parcel arrives damaged');
    expect(askedCondition('In case of a power cut, what should we do?')).toBe('a power cut');
    expect(askedCondition('What time does the shop open?')).toBeNull();
  });

  const sop = "Goods in: receiving parcels\n1. Check the label matches the order number.\n2. Scan the barcode into the stock app.\nIf the box is dented or wet: photograph it, refuse it and note it on the driver's sheet.\nIf the parcel is for another site, put it on the red shelf.";
  it('states the step whose condition means the asked one, not the one that shares the page topic', () => {
    expect(stated(ask('What do I do if a parcel arrives damaged?', 'Receiving SOP — Wiki', sop))).toBe("If the box is dented or wet: photograph it, refuse it and note it on the driver's sheet");
  });

  it('reads a condition named as a thing: "what do I do with a damaged parcel"', () => {
    expect(askedCondition("What's the procedure for a damaged parcel?")).toBe('a damaged parcel');
    expect(stated(ask('What should we do with a damaged parcel?', 'Receiving SOP — Wiki', sop))).toBe("If the box is dented or wet: photograph it, refuse it and note it on the driver's sheet");
    // A parcel with no condition the page names: no step stated.
    expect(ask('What should we do with a heavy parcel?', 'Receiving SOP — Wiki', sop).known).toBe(false);
  });

  const fridge = 'Fridge checks\nRead the display at opening and at closing and write it in the log.\nIf the reading is above 8 °C, move the stock to the back-up fridge and call facilities.\nIf the reading is below 1 °C, turn the dial one step towards 3.';
  it('meets "too warm" with a bound above, "too cold" with one below', () => {
    expect(stated(ask('What should I do if the fridge gets too warm?', 'Cold chain — Kitchen wiki', fridge))).toBe('If the reading is above 8 °C, move the stock to the back-up fridge and call facilities');
    expect(stated(ask('What should I do if the fridge gets too cold?', 'Cold chain — Kitchen wiki', fridge))).toBe('If the reading is below 1 °C, turn the dial one step towards 3');
  });

  it('reads a German page for an English question', () => {
    const de = 'Warenannahme\nLieferschein prüfen und abzeichnen.\nBei Beschädigung der Verpackung: Foto machen und Annahme verweigern.\nBei falscher Adresse: Paket an den Fahrer zurückgeben.';
    expect(stated(ask('What do I do if the packaging is damaged?', 'Warenannahme — Wiki', de))).toBe('Bei Beschädigung der Verpackung: Foto machen und Annahme verweigern');
  });

  it('reads a Spanish page for an English question', () => {
    const es = 'Normas del estudio\nLlega 10 minutos antes de la clase.\nSi llegas con retraso, avisa a la recepción y entra sin hacer ruido.\nSi no puedes venir, cancela en la app.';
    expect(stated(ask("What should I do if I'm running late for the class?", 'Clases de yoga — Estudio Luz', es))).toBe('Si llegas con retraso, avisa a la recepción y entra sin hacer ruido');
  });

  it('reads a condition that says a thing is not there as the step for its absence', () => {
    const sop = 'Receiving parcels\nCheck the label against the order.\nIf the box is damp: photograph it, refuse delivery and note it on the slip.\nIf the label is missing: set the parcel aside and email the sender.';
    expect(stated(ask('What if there is no label on the box?', 'Receiving SOP', sop))).toBe('If the label is missing: set the parcel aside and email the sender');
    const power = 'Server room\nIf the power fails: the UPS holds 20 minutes; shut down the NAS first.\nIf the aircon stops: open the door and call facilities.';
    expect(stated(ask('What do we do if there is no power?', 'Server room — Wiki', power))).toBe('If the power fails: the UPS holds 20 minutes; shut down the NAS first');
    // Nothing on the page is about a missing receipt: the damp box is not it.
    expect(stated(ask('What if there is no receipt in the box?', 'Receiving SOP', sop))).not.toMatch(/damp/);
  });

  it('reads a condition said after the action', () => {
    const notes = 'Closing up\nLock the side gate if you leave after 18:00.\nCall the duty manager on 0161 555 0192 if the alarm goes off during the night.\nSwitch off the till before you go.';
    expect(stated(ask('What should I do when the alarm sounds at night?', 'Night shift notes', notes))).toBe('Call the duty manager on 0161 555 0192 if the alarm goes off during the night');
  });

  it('reads the steps under a condition that ends its line', () => {
    const till = "Card payments\nIf the card reader freezes:\n1. Hold the power button for 10 seconds.\n2. Wait for the green light, then retry the sale.\nIf the customer's card is declined, ask for another card.";
    expect(stated(ask('What do I do if the card reader freezes up?', 'Till help — Shopdesk', till))).toBe('If the card reader freezes: Hold the power button for 10 seconds; Wait for the green light, then retry the sale');
  });

  it('reads a condition asked as a question before its step', () => {
    const help = 'Tracking questions\nParcel missing? Report it within 48 hours in the app under Orders.\nWrong address? Change it before 8:00 on the delivery day.';
    expect(stated(ask('What should I do if my parcel goes missing?', 'Help — ParcelPoint', help))).toMatch(/Parcel missing\? Report it within 48 hours in the app under Orders$/);
  });

  it('reads a condition OCR ran into the timetable above it', () => {
    const trip = 'Your journey\nVienna 08:12 → Salzburg 10:36\nSalzburg 10:50 → Munich 12:31\nIf you miss a connection because of a delay, take the next train; your ticket stays valid.';
    expect(stated(ask('What should I do if I miss my connection?', 'Trip details — Railjet', trip))).toBe('If you miss a connection because of a delay, take the next train; your ticket stays valid');
  });

  // Negatives: the condition on screen is another one.
  it('states no step for a condition the screen does not name', () => {
    expect(ask('What do I do if a parcel arrives late?', 'Receiving SOP — Wiki', sop).known).toBe(false);
    const warmOnly = 'Fridge checks\nRead the display at opening and at closing and write it in the log.\nIf the reading is above 8 °C, move the stock to the back-up fridge and call facilities.';
    expect(stated(ask('What should I do if the fridge gets too cold?', 'Cold chain — Kitchen wiki', warmOnly))).not.toMatch(/above 8/);
    const de = 'Warenannahme\nBei Beschädigung der Verpackung: Foto machen und Annahme verweigern.\nBei falscher Adresse: Paket an den Fahrer zurückgeben.';
    expect(stated(ask('What do I do if the driver is late?', 'Warenannahme — Wiki', de))).not.toMatch(/Beschädigung|falscher/);
  });
});

describe('the measure, format or way a step sets', () => {
  it('states the rule that sets the asked measure', () => {
    const print = 'Preparing your artwork\n- Export as PDF/X-4 with fonts embedded.\n- Add 5 mm margin on every side.\n- Images at 300 dpi or more.';
    expect(stated(ask('How much margin do the files need?', 'Print guidelines — Printly', print))).toBe('Add 5 mm margin on every side');
  });

  it('states the span before an event for "how early"', () => {
    const air = 'Before you fly\nOnline check-in opens 24 hours before departure.\nBe at the gate 45 minutes before departure.\nBags: 1 x 23 kg';
    expect(stated(ask('How early should I be at the gate?', 'Booking — Northwind Air', air))).toBe('Be at the gate 45 minutes before departure');
  });

  it('states the format a step names for the thing asked about', () => {
    const brand = 'Logo files\nExport as PNG-24, sRGB, transparent background.\nDo not stretch the mark.\nPhotos\nSave as JPEG, quality 80.';
    expect(stated(ask('What format should I export the logo in?', 'Brand kit — Notion', brand))).toBe('Export as PNG-24, sRGB, transparent background');
  });

  it('states the detour on a closure notice, English and German', () => {
    const notice = 'A7 closed between junctions 12 and 14 from Monday 9 Nov.\nSuggested detour: leave the A7 at exit 12 and follow the B4 to Hollenbeck.\nExpect delays of 20 minutes.';
    expect(stated(ask('Which way should I go around the closure?', 'Roadworks notice', notice))).toBe('Suggested detour: leave the A7 at exit 12 and follow the B4 to Hollenbeck');
    const de = 'Vollsperrung der L370 zwischen Bebenhausen und Lustnau bis 20. Dezember.\nUmleitung über die B27 und Tübingen-Lustnau.';
    expect(stated(ask('How do I get around the road closure near Bebenhausen?', 'Baustellen — Landkreis', de))).toBe('Umleitung über die B27 und Tübingen-Lustnau');
  });

  it('states the format asked with its kind ("what image format"), not a size in pixels listed first', () => {
    const brief = 'Delivery brief\n1. Crop to 1200 x 800.\n2. Keep the logo in the top right.\n3. Name files by product code.\n4. Save as PNG-24 with transparency on.';
    expect(stated(ask('What image format does the agency want?', 'Brief — Agency', brief))).toBe('Save as PNG-24 with transparency on');
  });

  it('states when a medicine is taken from its row in a plan, not the date beside it', () => {
    const plan = 'Medicine  How to take  Refill from\nIbuprofen 400  1 tablet after meals  15 Dec\nOmeprazole 20  1 capsule before breakfast  2 Jan';
    expect(stated(ask('When should I take the ibuprofen?', 'Medication plan', plan))).toBe('How to take: 1 tablet after meals (Medicine: Ibuprofen 400)');
    expect(stated(ask('When do I take the omeprazole?', 'Medication plan', plan))).toBe('How to take: 1 capsule before breakfast (Medicine: Omeprazole 20)');
  });

  it('states a span before the event the question names in other words ("before boarding", "before departure")', () => {
    const booking = 'Flight SK 204 Copenhagen → Lisbon\nCheck-in closes 45 minutes before departure\nBaggage: 1 x 23 kg';
    expect(stated(ask('How early should we be at the terminal before boarding?', 'Your booking — SkyLink', booking))).toBe('Check-in closes 45 minutes before departure');
    // Another event is not that one: the dentist's appointment is no flight's departure.
    expect(stated(ask('How early should I be at the dentist before my appointment?', 'Your booking — SkyLink', booking))).not.toMatch(/Check-in closes/);
    // A medicine the plan does not list has no time in it.
    const plan = 'Medicine  How to take  Refill from\nIbuprofen 400  1 tablet after meals  15 Dec';
    expect(stated(ask('When should I take the vitamin D?', 'Medication plan', plan))).not.toMatch(/after meals/);
  });

  // Negatives: no detour shown, no margin rule, no format.
  it('states no detour, measure or format a screen does not give', () => {
    const noDetour = 'A7 closed between junctions 12 and 14 from Monday 9 Nov.\nExpect delays of 20 minutes.\nWorks run from 20:00 to 05:00.';
    expect(ask('Which way should I go around the closure?', 'Roadworks notice', noDetour).known).toBe(false);
    const bleed = 'Preparing your artwork\n- Export as PDF/X-4 with fonts embedded.\n- Add 3 mm bleed on every side.';
    expect(stated(ask('How much margin do the files need?', 'Print guidelines — Printly', bleed))).not.toMatch(/3 mm bleed/);
    const noFormat = 'Logo files\nUse the logo on white or on the brand blue only.\nDo not stretch the mark.';
    expect(ask('What format should I export the logo in?', 'Brand kit — Notion', noFormat).known).toBe(false);
  });
});
