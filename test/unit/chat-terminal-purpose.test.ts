import { describe, expect, it } from 'vitest';
import { askPage, statedLead } from '../helpers/page-ask.js';

// Terminals made up for this test (bash, a dark oh-my-zsh theme, a Debian box, OCR that ran a command's
// output and the next prompt into one line). The questions say what the command was FOR ("clean up
// the disk", "free some space"), not its program: the command is tied to it by its own meaning
// (prune, autoremove, cleanup, rm) or by what it printed (reclaimed, freed, removed).
const AT = '2026-11-03T14:05:00.000Z';
const ask = (q: string, title: string, text: string) => askPage(q, title, text, AT);
const stated = statedLead;

const docker = 'Terminal\nlea@tern:~$ docker system prune -af\nDeleted Containers:\n9c1e04b7a2f3\nDeleted Images:\nuntagged: postgres:14\nTotal reclaimed space: 4.2GB\nlea@tern:~$ ls\nnotes  projects\nlea@tern:~$';
const zsh = '➜  ~ git -C dotfiles pull\nAlready up to date.\n➜  ~ brew cleanup\nRemoving: /Users/lea/Library/Caches/Homebrew/ffmpeg--6.1.bottle.tar.gz... (21.4MB)\n==> This operation has freed approximately 1.3GB of disk space.\n➜  ~ uptime\n10:02  up 3 days, 2 users';
const debian = 'root@nas:~# apt update\nAll packages are up to date.\nroot@nas:~# apt autoremove\nThe following packages will be REMOVED:\n  linux-image-6.1.0-13-amd64\nAfter this operation, 412 MB disk space will be freed.\nroot@nas:~# df -h /\n/dev/sda1  29G  21G  6.6G  77% /';

describe('the command run for a purpose the question names', () => {
  it('states the command whose output says it reclaimed space, for "clean up the disk"', () => {
    expect(stated(ask('What did I run to clean up the disk?', 'lea@tern: ~', docker))).toBe('You ran `docker system prune -af` (in ~)');
  });

  it('meets "free up space" by what the program is and what it printed, on a dark zsh theme and a Debian box', () => {
    expect(stated(ask('How did I free up space on my laptop?', 'iTerm2 — zsh', zsh))).toBe('You ran `brew cleanup` (in ~)');
    expect(stated(ask('Which command did I use to get some storage back on the NAS?', 'root@nas: ~', debian))).toBe('You ran `apt autoremove` (in ~)');
  });

  it('meets "clean up" by what a command printed when its own words do not say it ("Deleted branch …")', () => {
    const git = 'mo@lap:~/app$ git fetch --prune\nmo@lap:~/app$ git branch -D feature/login feature/old-nav\nDeleted branch feature/login (was 3f2a1b9).\nDeleted branch feature/old-nav (was 9ac0e11).\nmo@lap:~/app$ git status\nOn branch main';
    expect(stated(ask('How did I clean up the old branches?', 'Terminal', git))).toBe('You ran `git branch -D feature/login feature/old-nav` (in ~/app)');
  });

  it('cuts a two-word label OCR ran into the command off it ("Deleted Containers:")', () => {
    const joined = 'lea@tern:~$ docker system prune -af Deleted Containers: 9c1e04b7a2f3 Total reclaimed space: 4.2GB lea@tern:~$ ls notes projects';
    expect(stated(ask('How did I free disk space?', 'Terminal', joined))).toBe('You ran `docker system prune -af` (in ~)');
  });

  it('states no command when none run cleaned anything: not one that only shows the disk, nor another', () => {
    const other = 'lea@tern:~/app$ git status\nOn branch main\nlea@tern:~/app$ npm test\n14 passing (2s)\nlea@tern:~/app$';
    expect(stated(ask('What did I run to clean up the disk?', 'Terminal', other))).not.toMatch(/^You ran/);
    const shown = 'lea@tern:~$ df -h /\nFilesystem  Size  Used Avail Use% Mounted on\n/dev/nvme0n1p2  228G  201G  16G  93% /\nlea@tern:~$ du -sh Downloads\n38G  Downloads';
    expect(stated(ask('What did I run to clean up the disk?', 'Terminal', shown))).not.toMatch(/^You ran/);
    // What only shows the disk answers a question about looking at it.
    expect(stated(ask('Which command did I use to check the disk space?', 'Terminal', shown))).toMatch(/^You ran `df -h \/`/);
  });
});
