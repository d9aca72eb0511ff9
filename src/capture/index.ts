// `wgsl-lab/capture`: record the compute dispatches a program makes on a GPUDevice and write
// each distinct one as a kernel file that `wgsl-lab run` and `check` accept.
//
//   import { captureDevice } from 'wgsl-lab/capture';
//   const capture = captureDevice(await adapter.requestDevice());
//   … the page uses capture.device as usual …
//   await capture.download();   // a zip: index.json, kernel files, contents
export { captureDevice, type CaptureDeviceOptions, type DeviceCapture } from './adapters/browser.js';
export { CaptureRecorder, type RecorderOptions } from './recorder.js';
export { recordingFiles, INDEX_FILE, type CaptureIndex, type IndexKernel } from './output.js';
export { kernelFile, KernelFileError, type KernelFile } from './kernel-file.js';
export { zipStored } from './zip.js';
export type { CapturedBinding, CapturedDispatch, Recording, ShaderOrigin, StackFrame, Uncaptured } from './types.js';
