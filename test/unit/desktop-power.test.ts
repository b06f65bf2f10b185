import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { autoPauseFor, PowerIdleSource, type PowerMonitorLike, type SystemIdleState } from '../../electron/desktop/policy/index.js';

class FakePowerMonitor extends EventEmitter implements PowerMonitorLike {
  idleSeconds = 0;
  lockedBySystem = false;
  getSystemIdleState(threshold: number): SystemIdleState {
    if (this.lockedBySystem) return 'locked';
    return this.idleSeconds >= threshold ? 'idle' : 'active';
  }
}

describe('power policy', () => {
  it('lock pauses at once and unlock releases', () => {
    const pm = new FakePowerMonitor();
    const src = new PowerIdleSource(pm, 300);
    const changes: unknown[] = [];
    src.onChange((r) => changes.push(r));
    expect(src.state()).toBe('active');
    pm.emit('lock-screen');
    expect(src.state()).toBe('locked');
    expect(src.autoPause()).toBe('locked');
    pm.emit('unlock-screen');
    expect(src.state()).toBe('active');
    expect(changes).toEqual(['locked', null]);
  });

  it('sleep pauses until resume', () => {
    const pm = new FakePowerMonitor();
    const src = new PowerIdleSource(pm);
    pm.emit('suspend');
    expect(src.autoPause()).toBe('suspended');
    expect(src.state()).toBe('locked');
    pm.emit('resume');
    expect(src.state()).toBe('active');
  });

  it('user idle past the threshold pauses; activity resumes', () => {
    const pm = new FakePowerMonitor();
    const src = new PowerIdleSource(pm, 300);
    pm.idleSeconds = 299;
    expect(src.state()).toBe('active');
    pm.idleSeconds = 300;
    expect(src.state()).toBe('idle');
    src.setIdleThreshold(600);
    expect(src.state()).toBe('active');
  });

  it('the system lock state counts even without an event', () => {
    const pm = new FakePowerMonitor();
    pm.lockedBySystem = true;
    expect(new PowerIdleSource(pm).state()).toBe('locked');
  });

  it('sleep outranks lock, lock outranks idle', () => {
    expect(autoPauseFor({ locked: true, suspended: true, systemIdle: 'idle' })).toBe('suspended');
    expect(autoPauseFor({ locked: true, suspended: false, systemIdle: 'idle' })).toBe('locked');
    expect(autoPauseFor({ locked: false, suspended: false, systemIdle: 'idle' })).toBe('idle');
    expect(autoPauseFor({ locked: false, suspended: false, systemIdle: 'unknown' })).toBe(null);
  });

  it('a throwing idle query counts as active rather than stopping capture for good', () => {
    const pm = new FakePowerMonitor();
    pm.getSystemIdleState = () => {
      throw new Error('not ready');
    };
    expect(new PowerIdleSource(pm).state()).toBe('active');
  });

  it('dispose removes its listeners', () => {
    const pm = new FakePowerMonitor();
    const src = new PowerIdleSource(pm);
    expect(pm.listenerCount('lock-screen')).toBe(1);
    src.dispose();
    expect(pm.listenerCount('lock-screen')).toBe(0);
  });

  it("answers the capture service's battery question from powerMonitor, and follows on-battery/on-ac", () => {
    const pm = new FakePowerMonitor() as FakePowerMonitor & { battery: boolean; isOnBatteryPower(): boolean };
    pm.battery = true;
    pm.isOnBatteryPower = () => pm.battery;
    const src = new PowerIdleSource(pm);
    const changes: boolean[] = [];
    src.onPowerChange((b) => changes.push(b));
    expect(src.onBattery()).toBe(true);
    pm.battery = false;
    pm.emit('on-ac');
    expect(src.onBattery()).toBe(false);
    pm.battery = true;
    pm.emit('on-battery');
    expect(src.onBattery()).toBe(true);
    expect(changes).toEqual([false, true]);
    src.dispose();
    expect(pm.listenerCount('on-battery')).toBe(0);
  });

  it('a powerMonitor that cannot tell counts as AC', () => {
    const pm = new FakePowerMonitor() as FakePowerMonitor & { isOnBatteryPower(): boolean };
    pm.isOnBatteryPower = () => {
      throw new Error('no battery API');
    };
    expect(new PowerIdleSource(pm).onBattery()).toBe(false);
    expect(new PowerIdleSource(new FakePowerMonitor()).onBattery()).toBe(false);
  });
});
