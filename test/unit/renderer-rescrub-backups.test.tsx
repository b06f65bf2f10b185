// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RedactionCard } from '../../renderer/src/screens/privacy/redaction-card.js';

afterEach(() => cleanup());

/** The Privacy screen tells the user when their backups were rewritten (agents/store backup-rescrub.ts, issue 28). */
describe('the redaction card on re-scrubbed backups', () => {
  it('says how many secrets the backups held and that each was replaced by a redacted copy', () => {
    render(<RedactionCard redaction={null} rescrub={{ masked: 0, pending: false, backups_masked: 2 }} onChange={() => {}} />);
    expect(screen.getByTestId('redaction-rescrub').textContent).toContain('Your backups held 2 secrets that Engram has since redacted or put in the vault; each backup was replaced by a redacted copy of itself.');
  });

  it('says nothing of backups when none was rewritten', () => {
    render(<RedactionCard redaction={null} rescrub={{ masked: 3, pending: false, backups_masked: 0 }} onChange={() => {}} />);
    expect(screen.getByTestId('redaction-rescrub').textContent).not.toContain('backups');
  });
});
