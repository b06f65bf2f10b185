/** Typed failures of the capture path; hosts print `message` as one line. */
export type CaptureErrorCode =
  | 'NO_DISPLAY'
  | 'UNSUPPORTED_PLATFORM'
  | 'CAPTURE_FAILED'
  | 'BAD_AUDIO'
  | 'TRANSCRIBER'
  | 'OCR'
  | 'STOPPED';

export class CaptureError extends Error {
  constructor(
    readonly code: CaptureErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'CaptureError';
  }
}
