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
  export interface XRect {
    x: number;
    y: number;
    width: number;
    height: number;
  }
  export interface XFixesExt {
    CreateRegion(region: number, rects: XRect[]): void;
    FetchRegion(region: number, cb: (err: Error | null, reg: { extents: XRect; rectangles: XRect[] }) => boolean | void): void;
    DestroyRegion(region: number): void;
  }
  export interface XProperty {
    type: number;
    format: number;
    data: Buffer;
  }
  export interface XEvent {
    name?: string;
    type: number;
  }
  export interface XClient {
    AllocID(): number;
    GetImage(format: number, drawable: number, x: number, y: number, w: number, h: number, planeMask: number, cb: (err: Error | null, img: { depth: number; visualId: number; data: Buffer }) => boolean | void): void;
    InternAtom(onlyIfExists: boolean, name: string, cb: (err: Error | null, atom: number) => boolean | void): void;
    require(ext: 'damage', cb: (err: Error | null, ext: XDamageExt) => void): void;
    require(ext: 'fixes', cb: (err: Error | null, ext: XFixesExt) => void): void;
    QueryTree(wid: number, cb: (err: Error | null, tree: { root: number; parent: number; children: number[] }) => boolean | void): void;
    GetGeometry(drawable: number, cb: (err: Error | null, g: { xPos: number; yPos: number; width: number; height: number; borderWidth: number }) => boolean | void): void;
    TranslateCoordinates(src: number, dst: number, x: number, y: number, cb: (err: Error | null, r: { destX: number; destY: number; child: number }) => boolean | void): void;
    GetWindowAttributes(wid: number, cb: (err: Error | null, a: { mapState: number; overrideRedirect: number }) => boolean | void): void;
    GetProperty(del: number, wid: number, name: number, type: number, longOffset: number, longLength: number, cb: (err: Error | null, prop: XProperty) => boolean | void): void;
    on(event: 'event', cb: (ev: XEvent) => void): void;
    on(event: 'error', cb: (err: Error & { majorOpcode?: number }) => void): void;
    on(event: 'end' | 'close', cb: () => void): void;
    terminate(): void;
    stream: { destroy(): void };
  }
  export function createClient(opts: { display?: string }, cb: (err: Error | null, display: XDisplay) => void): XClient;
  const x11: { createClient: typeof createClient };
  export default x11;
}
