export function rssOf(pid: number): number;
export function streamUpload(
  base: string,
  path: string,
  cookie: string,
  size: number,
  title: string,
): Promise<{ status: number | undefined; body: string }>;
export function measureUploadMemory(opts: {
  base: string;
  pid: number;
  cookie: string;
  equipmentId: string;
  uploads?: number;
  size?: number;
}): Promise<{
  uploads: number;
  sizeMb: number;
  statuses: (number | undefined)[];
  beforeMb: number;
  peakMb: number;
  growthMb: number;
  seconds: number;
}>;
