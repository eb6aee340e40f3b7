/**
 * Reading barcodes back from a rendered label, as a scanner would: PDF -> PNG with poppler's
 * pdftoppm (Debian's poppler-utils), PNG -> barcodes with zxing-wasm (ZXing C++), its wasm binary
 * loaded from node_modules (never fetched).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PNG } from 'pngjs';
import { prepareZXingModule, readBarcodes, type ReadResult } from 'zxing-wasm/reader';

const run = promisify(execFile);
export const PDFTOPPM = '/usr/bin/pdftoppm';

let prepared: Promise<unknown> | undefined;
function prepare() {
  prepared ??= (async () => {
    // zxing-wasm/reader resolves to dist/<cjs|es>/reader/index.js; the binary is dist/reader/zxing_reader.wasm.
    const wasmPath = path.resolve(path.dirname(createRequire(import.meta.url).resolve('zxing-wasm/reader')), '../../reader/zxing_reader.wasm');
    const bytes = await readFile(wasmPath);
    const wasmBinary = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
    return prepareZXingModule({ overrides: { wasmBinary }, fireImmediately: true });
  })();
  return prepared;
}

/** Runs a poppler tool on the PDF (written to a temporary folder) and gives its standard output. */
async function popplerOn(pdf: Uint8Array, tool: string, args: readonly string[]): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'label-'));
  try {
    await writeFile(path.join(dir, 'label.pdf'), pdf);
    return (await run(tool, [...args, path.join(dir, 'label.pdf'), ...(tool === PDFTOTEXT ? ['-'] : [])])).stdout;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const PDFTOTEXT = '/usr/bin/pdftotext';

/** The PDF's text as a reader would copy it (pdftotext, UTF-8). */
export const pdfText = (pdf: Uint8Array) => popplerOn(pdf, PDFTOTEXT, ['-enc', 'UTF-8']);

/** The names of the fonts the PDF uses (pdffonts), a subset's with its ABCDEF+ tag. */
export async function pdfFonts(pdf: Uint8Array): Promise<string[]> {
  const lines = (await popplerOn(pdf, '/usr/bin/pdffonts', [])).split('\n').slice(2);
  return lines.map((line) => line.split(/\s+/)[0]!).filter(Boolean);
}

/** Each page of the PDF as a PNG at `dpi`, in page order. */
export async function pdfPages(pdf: Uint8Array, dpi = 300): Promise<Buffer[]> {
  const dir = await mkdtemp(path.join(tmpdir(), 'label-'));
  try {
    await writeFile(path.join(dir, 'label.pdf'), pdf);
    await run(PDFTOPPM, ['-r', String(dpi), '-png', path.join(dir, 'label.pdf'), path.join(dir, 'page')]);
    const pages = (await readdir(dir)).filter((name) => name.endsWith('.png')).sort();
    return Promise.all(pages.map((name) => readFile(path.join(dir, name))));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The barcodes in a PNG; `textMode` Plain gives what a scanner sends (GS1: GS separators), HRI the bracketed form. */
export async function decodePng(png: Buffer, textMode: 'Plain' | 'HRI' = 'Plain'): Promise<ReadResult[]> {
  await prepare();
  const image = PNG.sync.read(png);
  const imageData = { data: new Uint8ClampedArray(image.data.buffer, image.data.byteOffset, image.data.byteLength), width: image.width, height: image.height, colorSpace: 'srgb' } as unknown as Parameters<typeof readBarcodes>[0];
  return readBarcodes(imageData, { formats: ['Code128', 'DataMatrix', 'QRCode'], textMode, tryHarder: true });
}
