import { BarcodeDetector, prepareZXingModule } from 'barcode-detector/ponyfill';
import zxingReaderWasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

// ZXing's WebAssembly comes from our own server (Vite emits it into dist/assets), never from the
// CDN the library would use by default: guardhouses are often offline, and the CSP allows only us.
prepareZXingModule({
  overrides: {
    locateFile: (path: string, prefix: string) =>
      path.endsWith('.wasm') ? zxingReaderWasmUrl : prefix + path,
  },
});

/** A reader of QR codes in camera frames (the polyfill, the same on every browser). */
export function createPassDetector(): BarcodeDetector {
  return new BarcodeDetector({ formats: ['qr_code'] });
}
