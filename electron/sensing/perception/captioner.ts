/**
 * The captioning seam: a short description of a frame by a vision-capable LLM. Off by default
 * because it sends pixels off the machine (settings.captioning.enabled, see CAPTIONING_NOTICE).
 * The agents' LLM provider implements it; until a host passes one, frames get no caption.
 */
export interface CaptionRequest {
  /** The stored frame, WebP. */
  webp: Buffer;
  app: string | null;
  title: string | null;
  /** OCR text already redacted, as context for the model. */
  text: string;
}

export interface Captioner {
  caption(req: CaptionRequest, signal?: AbortSignal): Promise<string | null>;
}
