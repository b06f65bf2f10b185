import { describe, expect, it } from 'vitest';
import { screenBatch as batchOf } from '../helpers/screen-batch.js';
import { windowSubject, hostOf, appCategory } from '../../agents/episodic/index.js';
import { normalizeUrl, findResources } from '../../agents/resource/index.js';
import { findSecrets, scrubSecrets, scrubForModel, findContacts, findMarkers, sensitivityOf } from '../../agents/knowledge-vault/index.js';
import { renderBatch } from '../../agents/meta/index.js';
import { DEFAULT_REDACTION } from '../../shared/redaction/index.js';
import { statedFacts, findEntities, recurs, screenFacts } from '../../agents/semantic/index.js';
import { selfFacts, appendToBlock, compressBlock, blockLines } from '../../agents/core/index.js';
import { stepListsIn, sequenceIn, commandsIn, screenFixes, screenWorkflows } from '../../agents/procedural/index.js';
import { distillToolCalls, describeCall } from '../../agents/experience/index.js';
import { contentTokens } from '../../agents/subagent-kit/index.js';
import { TimeFormatter } from '../../shared/time/index.js';

describe('window titles and URLs', () => {
  it('strips the app name and unsaved markers, keeping the title’s own separators', () => {
    expect(windowSubject('● budget.xlsx - LibreOffice Calc', 'LibreOffice Calc')).toBe('budget.xlsx');
    expect(windowSubject('Pricing & fees | Stripe — Mozilla Firefox', 'Firefox')).toBe('Pricing & fees | Stripe');
    expect(windowSubject('memory-writer.ts — engram — Visual Studio Code', 'Code')).toBe('memory-writer.ts — engram');
    expect(windowSubject('Slack', 'Slack')).toBe('');
    expect(windowSubject(null, 'x')).toBe('');
    expect(hostOf('https://www.example.com/a')).toBe('example.com');
    expect(appCategory('Google Chrome')).toBe('browser');
    expect(appCategory('GNOME Terminal')).toBe('terminal');
  });

  it('normalises URLs: no tracking, no fragment, lower-case host, no trailing slash', () => {
    expect(normalizeUrl('https://WWW.Stripe.com/pricing/?utm_source=x&plan=pro#top')).toBe('https://stripe.com/pricing?plan=pro');
    expect(normalizeUrl('https://example.com/')).toBe('https://example.com');
    expect(normalizeUrl('ftp://example.com/x')).toBeNull();
    expect(normalizeUrl('not a url')).toBeNull();
  });

  it('finds resources: tab URL with its title, links and paths in non-browser text, documents by title', () => {
    const a = batchOf([
      { app: 'Firefox', title: 'Docs — Mozilla Firefox', url: 'https://example.com/docs?utm_medium=x', text: 'see https://nav.example.com/skip' },
      { app: 'Slack', title: 'general - Slack', text: 'spec at https://acme.dev/spec.pdf and ~/work/atlas/plan.md' },
      { app: 'LibreOffice Writer', title: 'Atlas plan.odt - LibreOffice Writer', text: 'Atlas plan' },
      { app: 'Firefox', title: 'Google', url: 'https://www.google.com/search?q=x', text: '' },
    ]);
    const found = findResources(a).map((r) => [r.resource_type, r.location ?? r.title, r.title]);
    expect(found).toEqual([
      ['url', 'https://example.com/docs', 'Docs'],
      ['url', 'https://acme.dev/spec.pdf', 'acme.dev/spec.pdf'],
      ['file', '~/work/atlas/plan.md', 'plan.md'],
      ['document', 'Atlas plan.odt', 'Atlas plan.odt'],
    ]);
  });
});

describe('secrets, markers and contacts', () => {
  it('finds labelled passwords, known key shapes, cards (Luhn) and IBANs, and scrubs them', () => {
    const t = 'My wifi password is hunter22x. Key sk-ant-api03-AAAAAAAAAAAAAAAAAAAAAAAA and card 4242 4242 4242 4242, IBAN GB82 WEST 1234 5698 7654 32. Order 1234 5678 9012 3456 is not a card.';
    const found = findSecrets(t).map((f) => [f.kind, f.value, f.label]);
    expect(found).toEqual([
      ['password', 'hunter22x', 'wifi'],
      ['anthropic_key', 'sk-ant-api03-AAAAAAAAAAAAAAAAAAAAAAAA', null],
      ['card', '4242 4242 4242 4242', null],
      ['iban', 'GB82 WEST 1234 5698 7654 32', null],
    ]);
    const s = scrubSecrets(t);
    expect(s).toContain('password is [redacted:password].');
    expect(s).not.toContain('hunter22x');
    expect(s).not.toContain('4242 4242');
    expect(s).toContain('1234 5678 9012 3456');
    expect(sensitivityOf('card')).toBe('high');
    expect(sensitivityOf('iban')).toBe('medium');
    expect(sensitivityOf('email')).toBe('low');
  });

  it('follows the redaction switches in notes, and never lets a secret into a prompt', () => {
    const t = 'card 4242 4242 4242 4242 · ana@acme.com · token: ghp_abcdefghijklmnopqrstuvwxyz0123456789';
    const sw = { ...DEFAULT_REDACTION, cards: false, secrets: false, emails: true };
    expect(findSecrets(t, sw).map((f) => f.kind)).toEqual(['email']);
    expect(scrubSecrets(t, sw)).toBe('card 4242 4242 4242 4242 · [redacted:email] · token: ghp_abcdefghijklmnopqrstuvwxyz0123456789');
    expect(scrubForModel(t, sw)).toBe('card [redacted:card] · [redacted:email] · token: [redacted:github_token]');
    // What extractors read keeps what the user chose to keep; the prompt built from it does not.
    const a = batchOf([{ app: 'Terminal', text: t }], sw);
    expect(a.sources[0]!.text).toBe(scrubSecrets(t, sw));
    const prompt = renderBatch(a, new TimeFormatter('UTC'));
    expect(prompt).toContain('card [redacted:card] · [redacted:email] · token: [redacted:github_token]');
    expect(prompt).not.toMatch(/4242|ghp_|ana@/);
  });

  it('groups redaction markers by kind, app and line', () => {
    const a = batchOf([
      { app: 'Chrome', url: 'https://shop.example.com', text: 'Card [redacted:card]\nCVC [redacted:card]' },
      { app: 'Chrome', url: 'https://shop.example.com', text: 'Card [redacted:card]' },
    ]);
    const m = findMarkers(a);
    expect(m.map((x) => [x.entry_type, x.context, x.sources])).toEqual([
      ['card', 'Card [redacted:card]', [0, 1]],
      ['card', 'CVC [redacted:card]', [0]],
    ]);
  });

  it('finds contact details with their owner, skipping no-reply senders, dates and ids', () => {
    const a = batchOf([
      {
        text: 'From: Ana Lima <ana@acme.com>\nnoreply@service.com\nBest,\nBruno Costa\nMobile: +351 912 345 678\nDate 2025-03-03 10:00\nInvoice 123456789\n221 Baker Street, London',
      },
    ]);
    const c = findContacts(a).map((x) => [x.entry_type, x.value, x.owner]);
    expect(c).toEqual([
      ['email', 'ana@acme.com', 'Ana Lima'],
      ['phone', '+351 912 345 678', 'Bruno Costa'],
      ['address', '221 Baker Street, London', null],
    ]);
  });
});

describe('facts, self-facts and core blocks', () => {
  it('reads facts about others, marking single-valued ones', () => {
    const f = statedFacts('My manager is Ana Lima. Bruno is my colleague. Cara works at Globex. Project Atlas is due May 12. Acme is a logistics company.');
    expect(f.map((x) => [x.key, x.functional, x.sentence])).toEqual([
      ["user's manager", true, "Ana Lima is the user's manager"],
      ["user's colleague|bruno", false, "Bruno is the user's colleague"],
      ['cara|employer', true, 'Cara works at Globex'],
      ['project atlas|deadline', true, 'Project Atlas is due May 12'],
      ['acme|is a logistics company', false, 'Acme is a logistics company'],
    ]);
    expect(statedFacts('I think it is fine. The weather is nice.')).toEqual([]);
  });

  it('reads what the user says about themselves and standing instructions', () => {
    const lines = selfFacts("Hi, I'm Sam. I moved to Berlin last year. I work at Acme. I love hiking. Please always reply in French.").map((l) => [l.label, l.line]);
    expect(lines).toEqual([
      ['human', 'Name: Sam'],
      ['human', 'Lives in: Berlin'],
      ['human', 'Works at: Acme'],
      ['human', 'Likes: hiking'],
      ['persona', 'The user asked: always reply in French'],
    ]);
    expect(selfFacts("I'm not sure. I'm going home.")).toEqual([]);
  });

  it('replaces a keyed line (newer wins), keeps free lines, and compresses to the limit', () => {
    const v = appendToBlock('- Name: Sam\n- Lives in: Lisbon\n- Likes: tea', ['Lives in: Berlin', 'Dislikes: tea', 'Likes: hiking'], 5000)!;
    expect(blockLines(v)).toEqual(['Name: Sam', 'Lives in: Berlin', 'Dislikes: tea', 'Likes: hiking']);
    expect(appendToBlock(v, ['Name: Sam'], 5000)).toBeNull();
    const long = Array.from({ length: 60 }, (_, i) => `- Note: thing number ${i} that the user mentioned once`).join('\n');
    const c = compressBlock(`- Name: Sam\n${long}`, 500);
    expect(c.length).toBeLessThanOrEqual(500);
    expect(c).toContain('Name: Sam');
    expect(c).toContain('thing number 59');
  });
});

describe('entities', () => {
  it('finds people and organisations that recur, not one-off UI words', () => {
    const a = batchOf([
      { app: 'Slack', text: 'Ana Lima: budget review moved to Friday\nBruno Costa: ok' },
      { app: 'Slack', text: 'Ana Lima: please update the Atlas forecast\nFILE EDIT VIEW' },
    ]);
    const e = findEntities(a);
    const ana = e.find((x) => x.name === 'Ana Lima')!;
    expect(ana.type).toBe('person');
    expect(recurs(ana)).toBe(true);
    expect(recurs(e.find((x) => x.name === 'Bruno Costa')!)).toBe(false);
    expect(e.some((x) => /FILE/.test(x.name))).toBe(false);
  });
});

describe('steps and experiences', () => {
  it('finds numbered and bulleted step lists with their heading, and chat sequences', () => {
    expect(stepListsIn('How to reset the router:\n1. Unplug it\n2. Wait 30 seconds\n3. Plug it back in')).toEqual([
      { title: 'How to reset the router', steps: ['Unplug it', 'Wait 30 seconds', 'Plug it back in'] },
    ]);
    expect(stepListsIn('Installation steps\n- Download\n- Unzip\n- Run setup')).toEqual([{ title: 'Installation steps', steps: ['Download', 'Unzip', 'Run setup'] }]);
    expect(stepListsIn('Shopping\n- milk\n- eggs\n- bread')).toEqual([]);
    expect(stepListsIn('1. Only one')).toEqual([]);
    // A list scrolled past its first step is not a guide (and must not stall the scan).
    expect(stepListsIn('2. Update apps\n3. Deactivate\n4. Delete')).toEqual([]);
    expect(sequenceIn('To release, first bump the version, then tag it, and finally push.')).toEqual({
      title: 'How to release',
      steps: ['bump the version', 'tag it', 'push'],
    });
  });

  it('distils a tool-call conversation into the error, the retry and the fix', () => {
    const msgs = [
      { id: 'm1', role: 'user' as const, text: 'Run the tests', raw: { role: 'user', content: 'Run the tests' }, at: 1 },
      { id: 'm2', role: 'assistant' as const, text: '', raw: { role: 'assistant', tool_calls: [{ id: 'c1', type: 'function', function: { name: 'shell', arguments: '{"command":"npm test"}' } }] }, at: 2 },
      { id: 'm3', role: 'tool' as const, text: "Error: Cannot find module 'zod'", raw: { role: 'tool', tool_call_id: 'c1' }, at: 3 },
      { id: 'm4', role: 'assistant' as const, text: '', raw: { role: 'assistant', tool_calls: [{ id: 'c2', type: 'function', function: { name: 'shell', arguments: { command: 'npm install zod' } } }] }, at: 4 },
      { id: 'm5', role: 'tool' as const, text: 'added 1 package', raw: { role: 'tool', tool_call_id: 'c2' }, at: 5 },
      { id: 'm6', role: 'assistant' as const, text: '', raw: { role: 'assistant', tool_calls: [{ id: 'c3', type: 'function', function: { name: 'shell', arguments: '{"command":"npm test"}' } }] }, at: 6 },
      { id: 'm7', role: 'tool' as const, text: '12 passed', raw: { role: 'tool', tool_call_id: 'c3' }, at: 7 },
    ];
    const { experiences, workflows } = distillToolCalls(msgs, 'fallback');
    expect(experiences.map((e) => [e.task, e.action, e.outcome, e.reason ?? null])).toEqual([
      ['Run the tests', 'shell: npm test', 'failure', "Error: Cannot find module 'zod'"],
      ['Run the tests', 'shell: npm install zod', 'success', "worked after: Error: Cannot find module 'zod'"],
      ['Run the tests', 'shell: npm test', 'success', null],
    ]);
    expect(experiences[0]!.messageIds).toEqual(['m2', 'm3']);
    expect(workflows).toEqual([{ task: 'Run the tests', steps: ['shell: npm install zod', 'shell: npm test'], messageIds: ['m4', 'm5', 'm6', 'm7'], at: 5 }]);
    expect(describeCall('search', { query: 'x', limit: 3 })).toBe('search: x');
    expect(describeCall('noop', {})).toBe('noop');
  });
});

describe('text helpers', () => {
  it('formats times in the given zone and stems lightly', () => {
    const t = new TimeFormatter('UTC');
    const s = Date.parse('2025-03-03T10:02:00Z');
    expect(t.range(s, s + 38 * 60_000)).toBe('Mon 3 Mar 2025 10:02–10:40');
    expect(new TimeFormatter('Asia/Tokyo').clock(s)).toBe('19:02');
    expect(contentTokens('Deploying the deploys deployed')).toEqual(['deploy']);
  });
});

describe('screenFacts', () => {
  it('reads labelled values and header-labelled table rows off any screen, leaving contacts to the vault', () => {
    const a = batchOf([
      {
        title: 'ENG-3317 Export to CSV — Tracker',
        text: [
          'ENG-3317: Export to CSV drops accented names',
          '',
          'Assignee: Jonas Weber',
          'Priority: High',
          'Due date: Friday 8 January',
          'Email: jonas@acme.io',
          '',
          'Item                 Qty     Price',
          'Design review        2       420.00',
          '',
          'Customers see empty cells for names such as these when they export: a long paragraph of prose.',
        ].join('\n'),
      },
    ]);
    const facts = screenFacts(a).map((f) => `${f.subject} | ${f.text}`);
    expect(facts.join('\n')).toContain('Assignee: Jonas Weber; Priority: High; Due date: Friday 8 January');
    expect(facts).toContain('ENG-3317 Export to CSV — Tracker | Item: Design review; Qty: 2; Price: 420.00');
    expect(facts.join('\n')).not.toContain('jonas@acme.io');
    expect(facts.join('\n')).not.toContain('Customers see');
  });

  it('finds nothing in prose or in chat', () => {
    expect(screenFacts(batchOf([{ text: 'We met at noon. The plan: ship it soon, after lunch and a walk in the park with everyone.' }]))).toEqual([]);
  });
});

describe('commands seen in a terminal', () => {
  const TERMINAL = [
    '$ npm run migrate',
    '> sync@2.4.0 migrate',
    'Error: relation "job_queue" does not exist',
    '$ docker compose up -d postgres',
    'Container sync-postgres-1  Started',
    '$ npm run db:reset && npm run migrate',
    'Migrations complete: 12 applied',
  ].join('\n');

  it('pairs a failed command with what was run until it worked', () => {
    expect(commandsIn(TERMINAL).map((c) => [c.command, c.failed])).toEqual([
      ['npm run migrate', true],
      ['docker compose up -d postgres', false],
      ['npm run db:reset && npm run migrate', false],
    ]);
    const [fix] = screenFixes(batchOf([{ title: 'Terminal', text: TERMINAL }]));
    expect(fix).toMatchObject({ error: 'Error: relation "job_queue" does not exist', failed: 'npm run migrate', fix: ['docker compose up -d postgres', 'npm run db:reset && npm run migrate'] });
    expect(screenWorkflows(batchOf([{ title: 'Terminal', text: TERMINAL }]))[0]!.steps).toEqual(['docker compose up -d postgres', 'npm run db:reset && npm run migrate']);
  });

  it('a session that only failed is no fix and no workflow', () => {
    const failed = '$ make build\nmake: *** No rule to make target. Stop. error\n$ make build\nerror: still failing';
    expect(screenFixes(batchOf([{ text: failed }]))).toEqual([]);
    expect(screenWorkflows(batchOf([{ text: failed }]))).toEqual([]);
  });
});
