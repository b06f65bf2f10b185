/** electron/sensing/perception: OCR (tesseract.js pool and bounded queue), light-on-dark handling, redaction, captioning seam. */
export type { OcrEngine, OcrImage, OcrLine, OcrBox, OcrResult, OcrWord } from './ocr-engine.js';
export { TesseractPool, engLangPath, languageDataPath, type TesseractPoolOptions } from './tesseract-pool.js';
export { OcrQueue, type OcrJob, type OcrQueueOptions, type OcrQueueStats } from './ocr-queue.js';
export { prepareForOcr, cropGrey, type PreparedOcr, type PrepareOptions } from './ocr-preprocess.js';
export { redact, luhnValid, type RedactedSecret, type RedactionResult, type SecretKind } from './redaction.js';
export type { Captioner, CaptionRequest } from './captioner.js';
