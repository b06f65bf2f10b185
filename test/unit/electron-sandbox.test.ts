import { describe, expect, it } from 'vitest';
import { isSandboxFailure, sandboxAdvice } from '../../electron/desktop/policy/index.js';

// Chromium's messages as Electron prints them when AppArmor (Ubuntu 23.10+, 24.04) refuses the
// user namespaces its sandbox needs, and when the setuid helper is not set up.
const APPARMOR = `[12345:0601/101010.123456:FATAL:setuid_sandbox_host.cc(163)] The SUID sandbox helper binary was found, but is not configured correctly. Rather than run without sandboxing I'm aborting now. You need to make sure that /home/u/engram/node_modules/electron/dist/chrome-sandbox is owned by root and has mode 4755.
Trace/breakpoint trap (core dumped)`;
const NAMESPACE = `[4242:0601/090000.000000:FATAL:zygote_host_impl_linux.cc(127)] No usable sandbox! If you are running on Ubuntu 23.10+ or another Linux distro that has disabled unprivileged user namespaces with AppArmor, see https://chromium.googlesource.com/chromium/src/+/main/docs/security/apparmor-userns-restrictions.md.`;
const CLONE = 'Failed to move to new namespace: PID namespaces supported, Network namespace supported, but failed: errno = Operation not permitted';

describe('the AppArmor sandbox failure of an unpackaged Electron', () => {
  it('is recognised from Chromium’s own words on Linux', () => {
    for (const text of [APPARMOR, NAMESPACE, CLONE]) expect(isSandboxFailure(text, 'linux')).toBe(true);
  });

  it('is not claimed for other early exits or other platforms', () => {
    expect(isSandboxFailure('Error: Cannot find module dist/electron/desktop/main/main.js', 'linux')).toBe(false);
    expect(isSandboxFailure('[1:1:ERROR:gpu_init.cc] Passthrough is not supported, GL is disabled', 'linux')).toBe(false);
    expect(isSandboxFailure(NAMESPACE, 'darwin')).toBe(false);
  });

  it('says what to do, naming this Electron’s sandbox helper', () => {
    const advice = sandboxAdvice('/home/u/engram/node_modules/electron/dist/electron');
    expect(advice).toContain('apparmor_restrict_unprivileged_userns=0');
    expect(advice).toContain('.deb');
    expect(advice).toContain('/home/u/engram/node_modules/electron/dist/chrome-sandbox');
    expect(advice).toContain('--browser');
  });
});
