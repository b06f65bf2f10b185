/**
 * The hidden screen-stream window's logic (Wayland): opens the desktop source the user picked as
 * one video stream, keeps it open, and answers each grab with the current frame as RGBA bytes.
 * Browser APIs are injected so this runs under Node in tests.
 */
export interface VideoTrackLike {
  stop(): void;
  addEventListener(type: 'ended', listener: () => void): void;
}
export interface VideoStreamLike {
  getVideoTracks(): VideoTrackLike[];
}
export interface RgbaFrame {
  width: number;
  height: number;
  rgba: Uint8Array;
}

export interface StreamGrabberEnv {
  /** navigator.mediaDevices.getUserMedia with Chromium's desktop source constraints. */
  getUserMedia(constraints: { audio: false; video: { mandatory: { chromeMediaSource: 'desktop'; chromeMediaSourceId: string } } }): Promise<VideoStreamLike>;
  /** The track's current frame (ImageCapture.grabFrame drawn on a canvas). */
  grabFrame(track: VideoTrackLike): Promise<RgbaFrame>;
  sendFrame(frame: RgbaFrame & { id: number }): void;
  sendState(state: { state: 'open' | 'ended' | 'error'; message: string | null; id: number | null }): void;
}

export class StreamGrabber {
  private track: VideoTrackLike | null = null;
  private opening = false;

  constructor(private readonly env: StreamGrabberEnv) {}

  async open(sourceId: string): Promise<void> {
    if (this.track || this.opening) return;
    this.opening = true;
    try {
      const stream = await this.env.getUserMedia({ audio: false, video: { mandatory: { chromeMediaSource: 'desktop', chromeMediaSourceId: sourceId } } });
      const track = stream.getVideoTracks()[0];
      if (!track) throw new Error('no video track');
      this.track = track;
      // The desktop's "stop sharing" (GNOME's indicator, KDE's tray) ends the track.
      track.addEventListener('ended', () => {
        if (this.track !== track) return;
        this.track = null;
        this.env.sendState({ state: 'ended', message: null, id: null });
      });
      this.env.sendState({ state: 'open', message: null, id: null });
    } catch {
      this.env.sendState({ state: 'error', message: 'The chosen screen could not be opened as a stream.', id: null });
    } finally {
      this.opening = false;
    }
  }

  async grab(id: number): Promise<void> {
    const track = this.track;
    if (!track) {
      this.env.sendState({ state: 'error', message: 'The screen stream is not open.', id });
      return;
    }
    try {
      this.env.sendFrame({ id, ...(await this.env.grabFrame(track)) });
    } catch {
      this.env.sendState({ state: 'error', message: 'No frame could be read from the screen stream.', id });
    }
  }

  close(): void {
    const track = this.track;
    this.track = null;
    track?.stop();
  }
}
