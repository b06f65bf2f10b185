/** The Transcriber seam: audio bytes in, text out. */
export interface TranscribeInput {
  data: Buffer;
  mime: string;
  filename: string;
}

export interface Transcript {
  text: string;
  language: string | null;
}

export interface Transcriber {
  readonly name: string;
  transcribe(input: TranscribeInput, opts?: { language?: string | null; signal?: AbortSignal }): Promise<Transcript>;
}
