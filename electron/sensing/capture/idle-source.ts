/**
 * The IdleSource seam: whether the user is at the machine. Electron implements it with powerMonitor
 * (getSystemIdleState / lock-screen events) in electron/desktop/main; headless hosts use AlwaysActive.
 */
export type IdleState = 'active' | 'idle' | 'locked';

export interface IdleSource {
  state(): IdleState | Promise<IdleState>;
}

export class AlwaysActive implements IdleSource {
  state(): IdleState {
    return 'active';
  }
}
