/**
 * The captioning seam: a short description of a frame by a vision-capable LLM, for screens whose
 * text says little (charts, photos, video calls, image-only pages). Off by default because it sends
 * pixels off the machine (settings.captioning.enabled, see CAPTIONING_NOTICE). The capture room's
 * ModelCaptioner implements it over the agents' LLM provider; the OCR stage hands it only frames
 * the privacy gate kept, with the secrets OCR found already filled in the image.
 */
export interface CaptionRequest {
  /** The frame as the model sees it: excluded windows masked, secrets filled, encoded. */
  image: Buffer;
  mediaType: 'image/png';
  app: string | null;
  /** The window title, redacted as any text sent to a model. */
  title: string | null;
  /** OCR text already redacted, as context for the model. */
  text: string;
}

export interface Captioner {
  caption(req: CaptionRequest, signal?: AbortSignal): Promise<string | null>;
}
