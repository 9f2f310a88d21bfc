import { PDFDocument, PDFName, PDFNumber, PDFRawStream } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { buildBombPdf } from '../../../test/fixtures/bomb.ts';
import { loadFixture } from '../../../test/fixtures/index.ts';
import { EngineError } from '../types.ts';
import { openPdf } from './index.ts';

const MB = 1048576;

describe('limits of PDF work', () => {
  it('refuses a page whose content decompresses past the limit, at once and with a reason', async () => {
    const bomb = await buildBombPdf(3, 48);
    expect(bomb.length).toBeLessThan(200_000);
    const doc = openPdf(bomb);
    const t = performance.now();
    let err: unknown;
    try {
      doc.checkLimits({ contentBytes: 32 * MB, imageBytes: 256 * MB });
    } catch (e) {
      err = e;
    }
    const ms = performance.now() - t;
    doc.close();
    expect(err).toBeInstanceOf(EngineError);
    expect((err as EngineError).code).toBe('too-large');
    expect((err as Error).message).toBe('this PDF needs more memory than allowed: page 1 decompresses to more than 32 MB of drawing instructions (the limit for one page)');
    expect(ms).toBeLessThan(1_000); // stops inflating at the limit
  });

  it('lets an ordinary brief through', async () => {
    const f = await loadFixture('lettered-tabs');
    const doc = openPdf(f.brief);
    expect(() => doc.checkLimits({ contentBytes: 32 * MB, imageBytes: 256 * MB })).not.toThrow();
    doc.close();
  });

  it('refuses a page whose images decode past the limit, from their dictionaries alone', async () => {
    const pdf = await PDFDocument.create();
    const page = pdf.addPage([612, 792]);
    // A 1x1 PNG drawn, then its dictionary claiming 40000 x 40000 RGB pixels (4.8 GB decoded).
    const png = await pdf.embedPng(Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC', 'base64'));
    page.drawImage(png, { x: 0, y: 0, width: 10, height: 10 });
    await pdf.flush(); // writes the embedded image's objects
    const image = (pdf.context.lookup(png.ref) as PDFRawStream).dict;
    image.set(PDFName.of('Width'), PDFNumber.of(40_000));
    image.set(PDFName.of('Height'), PDFNumber.of(40_000));
    const doc = openPdf(await pdf.save());
    expect(() => doc.checkLimits({ contentBytes: 32 * MB, imageBytes: 256 * MB })).toThrow(/the images of page 1 decode to 4578 MB \(the limit is 256 MB\)/);
    doc.close();
  });

  it('refuses to render a page past the pixel cap', async () => {
    const pdf = await PDFDocument.create();
    pdf.addPage([14_400, 14_400]); // 200 inches square: 3.7 billion pixels at 300 dpi
    const doc = openPdf(await pdf.save());
    let message = '';
    try {
      doc.renderPng(1, 300);
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toBe('this PDF needs more memory than allowed: page 1 would render to 3600 million pixels at 300 dpi (the limit is 120 million)');
    expect(doc.renderPng(1, 10).length).toBeGreaterThan(0);
    doc.close();
  });
});
