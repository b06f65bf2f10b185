/** The window the user is looking at, as the privacy gate and observations need it. */
export interface WindowInfo {
  app: string;
  title: string;
  url: string | null;
  pid: number | null;
  /** Executable path where known: lets the gate match "keepassxc" as well as "KeePassXC". */
  path: string | null;
  bounds: { x: number; y: number; width: number; height: number } | null;
  /** WM_CLASS (instance and class) where the platform has it: lets "keepassxc" match by class. */
  classes?: string[];
}

export interface ActiveWindowSource {
  /** Null when there is no active window (empty desktop) or the platform cannot tell. */
  active(): Promise<WindowInfo | null>;
}

/** For hosts without a window system query (and tests): no active window, ever. */
export class NoActiveWindow implements ActiveWindowSource {
  async active(): Promise<WindowInfo | null> {
    return null;
  }
}
