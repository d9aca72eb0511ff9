// The device limits a run is checked against before anything is dispatched. On the GPU
// they come from the device; the simulator starts from WebGPU's default limits, which every
// implementation supports, so a kernel that passes there is portable.

export interface RunLimits {
  maxComputeWorkgroupSizeX: number;
  maxComputeWorkgroupSizeY: number;
  maxComputeWorkgroupSizeZ: number;
  maxComputeInvocationsPerWorkgroup: number;
  maxComputeWorkgroupStorageSize: number;
  maxComputeWorkgroupsPerDimension: number;
  maxStorageBufferBindingSize: number;
  maxUniformBufferBindingSize: number;
  maxBufferSize: number;
  maxBindGroups: number;
  maxStorageBuffersPerShaderStage: number;
  maxUniformBuffersPerShaderStage: number;
}

export const LIMIT_NAMES: (keyof RunLimits)[] = [
  'maxComputeWorkgroupSizeX',
  'maxComputeWorkgroupSizeY',
  'maxComputeWorkgroupSizeZ',
  'maxComputeInvocationsPerWorkgroup',
  'maxComputeWorkgroupStorageSize',
  'maxComputeWorkgroupsPerDimension',
  'maxStorageBufferBindingSize',
  'maxUniformBufferBindingSize',
  'maxBufferSize',
  'maxBindGroups',
  'maxStorageBuffersPerShaderStage',
  'maxUniformBuffersPerShaderStage',
];

/** WebGPU's default limits (the guaranteed minimum of every adapter). */
export const DEFAULT_LIMITS: RunLimits = {
  maxComputeWorkgroupSizeX: 256,
  maxComputeWorkgroupSizeY: 256,
  maxComputeWorkgroupSizeZ: 64,
  maxComputeInvocationsPerWorkgroup: 256,
  maxComputeWorkgroupStorageSize: 16384,
  maxComputeWorkgroupsPerDimension: 65535,
  maxStorageBufferBindingSize: 134217728,
  maxUniformBufferBindingSize: 65536,
  maxBufferSize: 268435456,
  maxBindGroups: 4,
  maxStorageBuffersPerShaderStage: 8,
  maxUniformBuffersPerShaderStage: 12,
};

export function limitsFrom(source: Partial<Record<keyof RunLimits, number>>): RunLimits {
  const out = { ...DEFAULT_LIMITS };
  for (const k of LIMIT_NAMES) {
    const v = source[k];
    if (typeof v === 'number') out[k] = v;
  }
  return out;
}
