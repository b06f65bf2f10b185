import { describe, expect, it } from 'vitest';
import { closeBehaviour, detectTrayHost, parseNameHasOwner, startHiddenWith } from '../../electron/desktop/policy/index.js';

// Issue 29, item 13: on a Linux desktop without a StatusNotifier host, closing the window must not
// leave Engram recording out of sight.
describe('tray host (Linux StatusNotifier)', () => {
  it("reads gdbus' and dbus-send's answers to NameHasOwner", () => {
    expect(parseNameHasOwner('(true,)\n')).toBe(true);
    expect(parseNameHasOwner('(false,)\n')).toBe(false);
    expect(parseNameHasOwner('method return time=1.2 sender=org.freedesktop.DBus -> destination=:1.9 serial=3 reply_serial=2\n   boolean false\n')).toBe(false);
    expect(parseNameHasOwner('method return ...\n   boolean true\n')).toBe(true);
    expect(parseNameHasOwner('Error: GDBus.Error:org.freedesktop.DBus.Error.ServiceUnknown')).toBeNull();
  });

  it('asks gdbus, then dbus-send; neither answering is unknown; other systems always have a tray', async () => {
    const calls: string[] = [];
    const only = (answers: Record<string, string>) => async (command: string) => {
      calls.push(command);
      if (!(command in answers)) throw Object.assign(new Error(`spawn ${command} ENOENT`), { code: 'ENOENT' });
      return answers[command]!;
    };
    expect(await detectTrayHost('linux', only({ gdbus: '(false,)' }))).toBe('absent');
    expect(await detectTrayHost('linux', only({ 'dbus-send': '   boolean true' }))).toBe('present');
    calls.length = 0;
    expect(await detectTrayHost('linux', only({}))).toBe('unknown');
    expect(calls).toEqual(['gdbus', 'dbus-send']);
    calls.length = 0;
    expect(await detectTrayHost('darwin', only({}))).toBe('present');
    expect(await detectTrayHost('win32', only({}))).toBe('present');
    expect(calls).toEqual([]);
    // ENGRAM_TRAY_HOST overrides the bus (and any platform).
    expect(await detectTrayHost('linux', only({ gdbus: '(false,)' }), { ENGRAM_TRAY_HOST: 'present' })).toBe('present');
    expect(await detectTrayHost('darwin', only({}), { ENGRAM_TRAY_HOST: 'absent' })).toBe('absent');
  });

  it('no host: closing quits and Engram never starts hidden; unknown: hide and say so once; host: hide', () => {
    expect(closeBehaviour('absent')).toBe('quit');
    expect(closeBehaviour('unknown')).toBe('hide-and-tell');
    expect(closeBehaviour('present')).toBe('hide');
    expect(startHiddenWith('absent', true)).toBe(false);
    expect(startHiddenWith('unknown', true)).toBe(true);
    expect(startHiddenWith('present', false)).toBe(false);
  });
});
