/**
 * Reading a barcode from the camera: the browser's BarcodeDetector where it has one (Chrome on
 * Android), else ZXing C++ compiled to WebAssembly (zxing-wasm), its .wasm served by the portal
 * itself (the CSP allows scripts and their wasm from the origin only: 'wasm-unsafe-eval', no CDN).
 * Both are loaded when the camera is first opened, never with a page.
 */

/** The formats of reel labels and bill papers: linear codes and 2-D ones (DataMatrix for GS1/ECIA). */
const FORMATS = ['code_128', 'code_39', 'ean_13', 'qr_code', 'data_matrix', 'pdf417'] as const;

export type FrameDecoder = (video: HTMLVideoElement) => Promise<string | undefined>;

interface DetectorLike {
  detect(source: CanvasImageSource): Promise<{ rawValue: string }[]>;
}
type DetectorClass = (new (options?: { formats?: string[] }) => DetectorLike) & { getSupportedFormats?: () => Promise<string[]> };

async function nativeDecoder(): Promise<FrameDecoder | undefined> {
  const Detector = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (!Detector) return undefined;
  const supported = (await Detector.getSupportedFormats?.()) ?? [...FORMATS];
  const formats = FORMATS.filter((format) => supported.includes(format));
  if (!formats.length) return undefined;
  const detector = new Detector({ formats });
  return async (video) => (await detector.detect(video))[0]?.rawValue;
}

async function wasmDecoder(): Promise<FrameDecoder> {
  const [{ prepareZXingModule, readBarcodes }, { default: wasmUrl }] = await Promise.all([
    import('zxing-wasm/reader'),
    import('zxing-wasm/reader/zxing_reader.wasm?url'),
  ]);
  // Compiled now, so a binary that cannot load (offline, refused by the CSP) says so when the camera opens.
  await prepareZXingModule({ overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path) }, fireImmediately: true });
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return async (video) => {
    if (!context || !video.videoWidth) return undefined;
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    context.drawImage(video, 0, 0);
    const results = await readBarcodes(context.getImageData(0, 0, canvas.width, canvas.height), {
      formats: ['Code128', 'Code39', 'EAN-13', 'QRCode', 'DataMatrix', 'PDF417'],
      tryHarder: true,
      maxNumberOfSymbols: 1,
    });
    return results.find((result) => result.isValid)?.text;
  };
}

/** The decoder this browser can use. */
export async function frameDecoder(): Promise<FrameDecoder> {
  return (await nativeDecoder()) ?? wasmDecoder();
}
