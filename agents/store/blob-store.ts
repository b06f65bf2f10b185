import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, openSync, readFileSync, renameSync, rmSync, statSync, writeSync, readdirSync } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { mkdirDurable, mkdirDurableAsync, syncDir, syncDirAsync } from './durable-file.js';
import { StoreError, toStoreError } from './errors.js';
import { isValidId } from './ids.js';

const MAGIC = Buffer.from('EGB1');

const NONCE_LEN = 12;
const TAG_LEN = 16;

/**
 * Encrypted files for frames and audio: AES-256-GCM under a key derived from the master key with
 * HKDF (one sub-key per purpose), file = MAGIC | nonce | ciphertext | tag, the id bound as AAD so a
 * file renamed onto another id fails to open. Written to a temp name and renamed, so a crash never
 * leaves a half file under a real name; the file fsynced before the rename and its folder after it
 * (durable-file), so a power cut does not take back a file whose row is committed. Only ciphertext
 * ever reaches the disk.
 */
export class BlobStore {
  private readonly key: Buffer;

  constructor(
    readonly root: string,
    masterKey: Buffer,
    readonly purpose: 'frames' | 'audio',
  ) {
    this.key = Buffer.from(hkdfSync('sha256', masterKey, Buffer.alloc(0), `engram-${purpose}-v1`, 32));
    mkdirDurable(root);
  }

  /** Files are sharded by the id's time prefix (one folder per ~9 hours) so no folder grows huge. */
  pathFor(id: string): string {
    if (!isValidId(id)) throw new StoreError('INVALID_INPUT', `invalid ${this.purpose} id`);
    const shard = id.slice(id.indexOf('_') + 1, id.indexOf('_') + 6);
    return join(this.root, shard, `${id}.bin`);
  }

  encrypt(id: string, plain: Buffer): Buffer {
    const nonce = randomBytes(NONCE_LEN);
    const cipher = createCipheriv('aes-256-gcm', this.key, nonce);
    cipher.setAAD(Buffer.from(id));
    const body = Buffer.concat([cipher.update(plain), cipher.final()]);
    return Buffer.concat([MAGIC, nonce, body, cipher.getAuthTag()]);
  }

  decrypt(id: string, file: Buffer): Buffer {
    if (file.length < MAGIC.length + NONCE_LEN + TAG_LEN || !file.subarray(0, 4).equals(MAGIC)) {
      throw new StoreError('IO', `${this.purpose} file ${id} is damaged (truncated or not an Engram file)`);
    }
    const nonce = file.subarray(4, 4 + NONCE_LEN);
    const tag = file.subarray(file.length - TAG_LEN);
    const body = file.subarray(4 + NONCE_LEN, file.length - TAG_LEN);
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, nonce);
      decipher.setAAD(Buffer.from(id));
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(body), decipher.final()]);
    } catch {
      throw new StoreError('IO', `${this.purpose} file ${id} is damaged (authentication failed)`);
    }
  }

  /** Writes and fsyncs; returns the bytes on disk. */
  write(id: string, plain: Buffer): number {
    const path = this.pathFor(id);
    const data = this.encrypt(id, plain);
    const tmp = `${path}.tmp`;
    try {
      mkdirDurable(dirname(path));
      const fd = openSync(tmp, 'w', 0o600);
      try {
        writeSync(fd, data);
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
      renameSync(tmp, path);
      // The row that names this file may commit next: the rename must be durable first.
      syncDir(dirname(path));
    } catch (err) {
      rmSync(tmp, { force: true });
      throw toStoreError(err, `writing ${this.purpose} file`);
    }
    return data.length;
  }

  /**
   * The same write with the file work (write, fsync, rename) on libuv's thread pool, so a capture
   * tick does not hold the event loop for the fsync (several ms per frame on a busy disk).
   */
  async writeAsync(id: string, plain: Buffer): Promise<number> {
    const path = this.pathFor(id);
    const data = this.encrypt(id, plain);
    const tmp = `${path}.tmp`;
    try {
      await mkdirDurableAsync(dirname(path));
      const fh = await open(tmp, 'w', 0o600);
      try {
        await fh.writeFile(data);
        await fh.sync();
      } finally {
        await fh.close();
      }
      await rename(tmp, path);
      await syncDirAsync(dirname(path));
    } catch (err) {
      await rm(tmp, { force: true });
      throw toStoreError(err, `writing ${this.purpose} file`);
    }
    return data.length;
  }

  read(id: string): Buffer {
    let file: Buffer;
    try {
      file = readFileSync(this.pathFor(id));
    } catch (err) {
      if (err instanceof StoreError) throw err;
      throw new StoreError('IO', `${this.purpose} file ${id} is missing`);
    }
    return this.decrypt(id, file);
  }

  exists(id: string): boolean {
    try {
      statSync(this.pathFor(id));
      return true;
    } catch {
      return false;
    }
  }

  remove(id: string): void {
    rmSync(this.pathFor(id), { force: true });
  }

  /** Every id that has a file (crash checks: orphans and missing files). Leftover temp files are removed. */
  listIds(): string[] {
    const out: string[] = [];
    let shards: string[];
    try {
      shards = readdirSync(this.root);
    } catch {
      return out;
    }
    for (const shard of shards) {
      let names: string[];
      try {
        names = readdirSync(join(this.root, shard));
      } catch {
        continue;
      }
      for (const name of names) {
        if (name.endsWith('.tmp')) rmSync(join(this.root, shard, name), { force: true });
        else if (name.endsWith('.bin')) out.push(name.slice(0, -4));
      }
    }
    return out;
  }
}
