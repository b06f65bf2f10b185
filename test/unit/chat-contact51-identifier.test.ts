import { describe, expect, it } from 'vitest';
import { askPage, statedLead } from '../helpers/page-ask.js';

// Profiles, CI pages, settings and claim forms made up for this test, apart from the benchmark days:
// an identifier asked by what it is, while the screen labels it in other words ("Staff no." for the
// employee ID, "Tunnel type" for the VPN protocol) or only shows it by its shape (the failing check's
// mark, a picture's file name). Negatives: a ticket number for "my ID", a check that passed for
// "blocking", a settings page without a protocol, a PDF's name for "the photo".
const AT = '2026-11-20T10:00:00.000Z';
const ask = (q: string, title: string, text: string) => statedLead(askPage(q, title, text, AT));
const notStated = /^\(not stated\)|^\(nothing\)/;

describe("a person's own number under a label in other words", () => {
  const profile = `My profile — StaffPoint\nStaffPoint · Self-service\nPersonal details\nFull name Lena Ortiz\nStaff no. K-55812\nTeam Logistics\nStart date 3 March 2021`;
  it('states the staff number for "my employee ID", and the membership number for "my member number"', () => {
    expect(ask("What's my employee ID?", 'My profile — StaffPoint', profile)).toMatch(/^(?!\(not stated\)).*K-55812/);
    const gym = `Account · Fitbox Leeds\nName Sam Reyes\nMembership no. FB-20417\nPlan Off-peak\nHome club Leeds Central`;
    expect(ask('What is my member number at the gym?', 'My account — Fitbox Gym', gym)).toMatch(/^(?!\(not stated\)).*FB-20417/);
  });

  it('a ticket number on a page without the holder\'s number is not "my ID"', () => {
    const tickets = `Open tickets · Service desk\n#  Subject  Status\nREQ-55012  Laptop replacement for employee onboarding  Open\nREQ-55019  Badge reader broken  Waiting`;
    const lead = ask("What's my employee ID?", 'Open tickets — Service desk', tickets);
    expect(lead).not.toMatch(/^(?!\(not stated\)).*REQ-550/);
  });
});

describe('the check that holds a pull request up', () => {
  const pr = `Release 2.4 #77\nAna Lopes wants to merge 3 commits into main from release/2.4\n✓ build — passed in 2m 03s\n✗ e2e-smoke — failed: checkout page timed out\n✓ lint — passed in 21s\nMerging is blocked until all required checks pass.`;
  it('states the failing check for "blocking" and "stopping", not one that passed', () => {
    for (const q of ["Which check is blocking Ana's release PR?", 'Which check is stopping the release PR from merging?']) {
      const lead = ask(q, 'Release 2.4 · Pull Request #77 · shop-web', pr);
      expect(lead).toMatch(/^(?!\(not stated\))\S*\s*e2e-smoke/);
    }
  });

  it('a pull request whose checks all passed names none as blocking', () => {
    const green = pr.replace('✗ e2e-smoke — failed: checkout page timed out', '✓ e2e-smoke — passed in 4m 40s').replace('Merging is blocked until all required checks pass.', 'This branch has no conflicts with the base branch.');
    expect(ask("Which check is blocking Ana's release PR?", 'Release 2.4 · Pull Request #77 · shop-web', green)).toMatch(notStated);
  });
});

describe('a protocol under a label that does not say protocol', () => {
  const vpn = `Harbor VPN settings\nConnection\nServer  Oslo #12\nTunnel type  OpenVPN (UDP)\nKill switch  On\nDNS  10.8.0.1 (private)`;
  it('states the tunnel type for "what VPN protocol am I using"', () => {
    expect(ask('What VPN protocol am I using?', 'Settings — Harbor VPN', vpn)).toMatch(/^(?!\(not stated\)).*OpenVPN/);
  });

  it('a VPN page without one states no server or DNS as the protocol', () => {
    const bare = vpn.replace(/^Tunnel type.*$/m, 'Auto-connect  On');
    expect(ask('What VPN protocol am I using?', 'Settings — Harbor VPN', bare)).toMatch(notStated);
  });
});

describe('the name of a file of the asked type', () => {
  const claim = `Your claim CL-2231\nWhat happened  Car door dented in a car park, 3 Nov 2026\nClaims line  0800 222 1190\nDocuments you uploaded\nrepair-quote-garage.pdf\nIMG-8812-door-dent.jpg\nnotes.txt`;
  it('leads with the picture, not the PDF listed above it', () => {
    const lead = ask('What did I call the photo of the dented car door?', 'Claim CL-2231 — Allsure', claim);
    expect(lead).toMatch(/^IMG-8812-door-dent\.jpg/);
  });

  it('a claim with only a PDF uploaded names no photo', () => {
    const noPhoto = claim.replace('IMG-8812-door-dent.jpg\n', '');
    expect(ask('What did I call the photo of the dented car door?', 'Claim CL-2231 — Allsure', noPhoto)).not.toMatch(/^(?!\(not stated\)).*repair-quote-garage\.pdf/);
  });
});
