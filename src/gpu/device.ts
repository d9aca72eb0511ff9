// What a run reports about the device it ran on. The GPU session fills it from the adapter;
// the simulator describes itself in the same shape, so every result names its engine alike.

export interface DeviceDescription {
  /** Human description: vendor, architecture, driver. */
  description: string;
  /** Software implementation (lavapipe, SwiftShader) rather than a GPU. */
  fallback: boolean;
  platform: 'node' | 'browser' | 'simulator';
  features: string[];
  subgroupMinSize?: number;
  subgroupMaxSize?: number;
}
