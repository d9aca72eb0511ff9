// Browser side of the capture library: record a page's GPUDevice, then offer the recording
// as a download (a zip of the capture folder: kernel files, contents, index.json).
import { CaptureRecorder, type RecorderOptions } from '../recorder.js';
import { recordingFiles } from '../output.js';
import { zipStored } from '../zip.js';

export interface DeviceCapture {
  /** The same device, now recorded. */
  device: GPUDevice;
  recorder: CaptureRecorder;
  /** Waits for the captures in flight and returns the capture folder as a zip archive. */
  zip(): Promise<Uint8Array>;
  /** Waits for the captures in flight and downloads the zip (a browser page only). */
  download(name?: string): Promise<void>;
}

export interface CaptureDeviceOptions extends RecorderOptions {
  /** The re-run tolerance in f32 ULPs that the kernel files carry (default: the header's, 4). */
  tolerance?: number;
}

export function captureDevice(device: GPUDevice, options: CaptureDeviceOptions = {}): DeviceCapture {
  const recorder = new CaptureRecorder(options);
  recorder.record(device);
  const zip = async () => {
    await recorder.settled();
    return zipStored(recordingFiles(recorder.recording(), options.tolerance !== undefined ? { tolerance: options.tolerance } : {}).files);
  };
  return {
    device,
    recorder,
    zip,
    async download(name = 'wgsl-lab-capture.zip') {
      const bytes = await zip();
      const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type: 'application/zip' }));
      const a = Object.assign(document.createElement('a'), { href: url, download: name });
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    },
  };
}
