/**
 * A screenshot sent to a captioning model holds no knowledge-vault value (issue 28). The caption
 * request masks what the detectors find, in its text, its title and its image (boxes filled); a
 * Wi-Fi password the user keeps in the vault as a "network" entry has no shape they know, so a
 * terminal showing it went to the model in all three. The vault's cut (as every prompt gets) now
 * joins the detectors' finds there. Real encrypted store, the capture pipeline with a fake screen.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { EngramStore } from '../../agents/store/index.js';
import { CapturePipeline } from '../../electron/sensing/capture/index.js';
import { CaptureSettingsSchema } from '../../shared/settings/index.js';
import { ShadedScreen, TextOcr } from '../fakes/fake-screen-stack.js';
import { tempStoreEachTest } from '../helpers/temp-store.js';

const NET = 'Quillon-Marten-2287';

interface Sent {
  image: Buffer;
  text: string;
  title?: string | null;
}

/** The brightest channel value of an image: 0 when every pixel is black (filled). */
async function brightest(png: Buffer): Promise<number> {
  const { data } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  return data.reduce((m, v) => Math.max(m, v), 0);
}

describe('the captioner and vault values', () => {
  let store: EngramStore;
  tempStoreEachTest('engram-caption-vault-', (t) => {
    store = t.store;
    store.memories.insert({ kind: 'knowledge_vault', title: 'Boathouse wifi', text: 'Boathouse wifi', fields: { entry_type: 'network', sensitivity: 'medium', secret: NET, source: 'user' } });
  });

  const run = async (text: string, title: string): Promise<Sent[]> => {
    const sent: Sent[] = [];
    const captioner = { caption: async (req: Sent) => (sent.push(req), 'a terminal') };
    const windows = { active: async () => ({ app: 'Terminal', title, url: null, pid: 5, path: null, bounds: null }) };
    const p = new CapturePipeline({ store, screen: new ShadedScreen(), windows, ocr: new TextOcr(text), captioner, settings: CaptureSettingsSchema.parse({ captioning: { enabled: true } }) });
    await (await p.tick()).observations;
    return sent;
  };

  it('a terminal showing the value: not in the text or title sent, and its words filled in the image', async () => {
    const sent = await run(`nmcli dev wifi connect Boathouse ${NET}`, `nmcli ${NET.toUpperCase()} - bash`);
    // Sent (the image could be made safe) or not sent at all; never sent with the value.
    for (const s of sent) {
      expect(s.text).not.toContain(NET);
      expect(s.title ?? '').not.toMatch(/quillon/i);
      // The one OCR line spans the frame: its box, filled, is the whole image.
      expect(await brightest(s.image)).toBe(0);
    }
    expect(sent).toHaveLength(1);
  });

  it('a screen that does not show it is sent as it is', async () => {
    const sent = await run('nmcli dev wifi list', 'nmcli - bash');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toBe('nmcli dev wifi list');
    expect(await brightest(sent[0]!.image)).toBeGreaterThan(200);
  });
});
