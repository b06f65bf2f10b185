/**
 * The procedural agent's offline rules for how-tos told in prose and lists, and for experiences the
 * user reports in words (issue 17). The quality gate scores them on a held-out set; these pin the
 * shapes and their negatives one by one.
 */
import { describe, expect, it } from 'vitest';
import { howTosIn, isInstruction, statedExperiences, stepListsIn } from '../../agents/procedural/index.js';
import { BatchAnalysis } from '../../agents/subagent-kit/index.js';

function chat(...turns: Array<[role: 'user' | 'assistant', text: string]>): BatchAnalysis {
  const messages = turns.map(([role, text], i) => ({ id: `m${i}`, thread_id: 't', role, text, raw: { role, content: text }, created_at: 1000 + i, processed_at: null, status: 'done' }));
  return new BatchAnalysis({ type: 'messages', messages, thread: { id: 't', title: 'Notes' } } as never);
}

describe('how-tos in prose', () => {
  it('reads "to X: first A, then B" even when X names a password', () => {
    expect(howTosIn('To rotate the staging database password: first open the vault console, then generate a new secret, then restart the api pods.')).toEqual([
      { title: 'How to rotate the staging database password', steps: ['open the vault console', 'generate a new secret', 'restart the api pods'] },
    ]);
  });

  it('reads commands after a goal or a condition, without "first" or "steps"', () => {
    expect(howTosIn('When the office printer jams, open the back panel, pull the sheet out slowly and close the panel until it clicks.')[0]?.steps).toEqual([
      'open the back panel',
      'pull the sheet out slowly',
      'close the panel until it clicks',
    ]);
    expect(howTosIn('Tip: to undo the last commit but keep the changes, run git reset --soft HEAD~1.')[0]?.title).toBe('How to undo the last commit but keep the changes');
  });

  it('reads the ordering words of other languages', () => {
    expect(howTosIn('Para renovar o certificado: primeiro corre certbot renew, depois reinicia o nginx.')[0]?.steps).toEqual(['corre certbot renew', 'reinicia o nginx']);
    expect(howTosIn('So setzt du den Router zurück: zuerst den Knopf drücken, danach zwei Minuten warten.')[0]?.steps).toEqual(['den Knopf drücken', 'zwei Minuten warten']);
  });

  it('does not take a story, a preference or a policy told in order for a how-to', () => {
    for (const t of [
      'First we landed in Porto, then we took the train down to Lisbon and had dinner with Carla.',
      'At first I was annoyed about the cancelled flight, then I just laughed about it.',
      'Please always give me the shell command first, then the explanation.',
      'Our company password policy: passwords need at least 14 characters and must be changed every 90 days.',
      'I went to the store, first I bought milk, then bread.',
    ]) expect(howTosIn(t), t).toEqual([]);
  });
});

describe('step lists', () => {
  it('keeps lists of commands and lists under a how-to heading, not lists of things', () => {
    expect(stepListsIn('Renew passport\n1. Book an appointment at the consulate\n2. Bring the old passport\n3. Pay the fee')).toHaveLength(1);
    expect(stepListsIn('Offsite agenda\n1. Q3 numbers\n2. Hiring plan\n3. Team dinner')).toEqual([]);
    expect(stepListsIn('SERVICE AGREEMENT\n1. Scope of services\n2. Fees and payment\n3. Term and termination')).toEqual([]);
  });

  it('reads a numbered list on one line and "STEP n" headers', () => {
    expect(stepListsIn('Para exportar la base: 1) abre pgAdmin 2) clic derecho sobre la base 3) elige Backup')).toEqual([
      { title: 'Para exportar la base', steps: ['abre pgAdmin', 'clic derecho sobre la base', 'elige Backup'] },
    ]);
    expect(stepListsIn('Shopping list: 1. oat milk 2. eggs 3. bread')).toEqual([]);
    expect(stepListsIn('Method\nSTEP 1\nWhisk 2 eggs with milk.\nSTEP 2\nSift in the flour.')[0]?.steps).toEqual(['Whisk 2 eggs with milk', 'Sift in the flour']);
  });

  it('reads unnumbered command lines only on a page that announces a how-to', () => {
    const text = 'Installation\nClone the repository\nCopy .env.example to .env\nRun make install';
    expect(stepListsIn(text)[0]?.steps).toEqual(['Clone the repository', 'Copy .env.example to .env', 'Run make install']);
    expect(stepListsIn('Welcome\nClone the repository\nCopy .env.example to .env\nRun make install')).toEqual([]);
    expect(isInstruction('Mark the commit with edit')).toBe(true);
    expect(isInstruction('Hiring plan for the third quarter')).toBe(false);
  });
});

describe('experiences stated in words', () => {
  it('turns "to fix X I did Y; that worked" into a success', () => {
    const [e] = statedExperiences(chat(['user', 'To fix the flaky CI on the Atlas repo I pinned node to 20.11 and cleared the npm cache; that worked.']));
    expect(e).toMatchObject({ task: 'fix the flaky CI on the Atlas repo', action: 'pinned node to 20.11 and cleared the npm cache', outcome: 'success' });
  });

  it('reads "I fixed X by Y", failures and partial outcomes, in several languages', () => {
    const one = (t: string) => statedExperiences(chat(['user', t])).map((e) => [e.task, e.action, e.outcome]);
    expect(one('I fixed the crackling audio by downgrading pipewire.')).toEqual([['fix the crackling audio', 'downgrading pipewire', 'success']]);
    expect(one("Restarting the router to fix the slow wifi didn't help.")).toEqual([['fix the slow wifi', 'Restarting the router', 'failure']]);
    expect(one('Clearing the cache to stop the login loop only partly worked.')).toEqual([['stop the login loop', 'Clearing the cache', 'partial']]);
    expect(one('Intenté reinstalar el driver para arreglar la pantalla negra, pero no funcionó.')).toEqual([['arreglar la pantalla negra', 'reinstalar el driver', 'failure']]);
  });

  it('takes the assistant\'s suggestion as the action of a bare "that worked"', () => {
    const [e] = statedExperiences(chat(['user', 'My laptop fan is loud'], ['assistant', 'Try resetting the SMC.'], ['user', 'That worked, thanks!']));
    expect(e).toMatchObject({ task: 'My laptop fan is loud', action: 'Try resetting the SMC', outcome: 'success' });
  });

  it('finds none in a report with no outcome, or in the assistant\'s words', () => {
    expect(statedExperiences(chat(['user', 'We had the sprint retro today, it went fine.']))).toEqual([]);
    expect(statedExperiences(chat(['assistant', 'I fixed the config by adding a key.']))).toEqual([]);
  });
});
