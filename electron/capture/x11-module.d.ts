// Minimal typing of the parts of the `x11` package (pure JS X11 client) that x11-screen-source.ts uses.
declare module 'x11' {
  export interface XScreen {
    root: number;
    pixel_width: number;
    pixel_height: number;
    root_depth: number;
  }
  export interface XDisplay {
    client: XClient;
    screen: XScreen[];
  }
  export interface XDamageExt {
    ReportLevel: { RawRectangles: number; DeltaRectangles: number; BoundingBox: number; NonEmpty: number };
    Create(damage: number, drawable: number, level: number): void;
    Subtract(damage: number, repair: number, parts: number): void;
    Destroy(damage: number): void;
  }
  export interface XEvent {
    name?: string;
    type: number;
  }
  export interface XClient {
    AllocID(): number;
    GetImage(format: number, drawable: number, x: number, y: number, w: number, h: number, planeMask: number, cb: (err: Error | null, img: { depth: number; visualId: number; data: Buffer }) => void): void;
    InternAtom(onlyIfExists: boolean, name: string, cb: (err: Error | null, atom: number) => void): void;
    require(ext: 'damage', cb: (err: Error | null, ext: XDamageExt) => void): void;
    on(event: 'event', cb: (ev: XEvent) => void): void;
    on(event: 'error', cb: (err: Error) => void): void;
    on(event: 'end' | 'close', cb: () => void): void;
    terminate(): void;
  }
  export function createClient(opts: { display?: string }, cb: (err: Error | null, display: XDisplay) => void): XClient;
  const x11: { createClient: typeof createClient };
  export default x11;
}
