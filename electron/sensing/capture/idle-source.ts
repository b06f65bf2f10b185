/**
 * The IdleSource seam: whether the user is at the machine. Electron implements it with powerMonitor
 * (getSystemIdleState / lock-screen events) in electron/desktop/main; headless hosts use AlwaysActive.
 */
export type IdleState = 'active' | 'idle' | 'locked';

export interface IdleSource {
  state(): IdleState | Promise<IdleState>;
  /** Why capture is paused by the computer right now (the desktop's power events), for the capture status. */
  autoPause?(): 'locked' | 'suspended' | 'idle' | null;
}

export class AlwaysActive implements IdleSource {
  state(): IdleState {
    return 'active';
  }
}
