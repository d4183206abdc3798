/**
 * H.264 bitstream helpers for the WebCodecs smart cut: reading the avcC record of an MP4 sample
 * entry, turning an encoder's Annex B access units into the length-prefixed NAL units MP4 stores,
 * and putting parameter sets in-band at a keyframe (so pieces from two encoders share one track).
 */

/** What the smart cut needs from an avcC (ISO/IEC 14496-15 AVCDecoderConfigurationRecord). */
export interface AvcConfig {
  profile: number;
  level: number;
  /** Bytes of each NAL unit's length prefix in the samples (1, 2 or 4). */
  lengthSize: number;
  sps: Uint8Array[];
  pps: Uint8Array[];
  /** 1 = 4:2:0; absent in the record for Baseline/Main/Extended, which are 4:2:0. */
  chromaFormat: number;
  bitDepth: number;
}

const HIGH_PROFILES = new Set([100, 110, 122, 244, 44, 83, 86, 118, 128, 138, 139, 134, 135]);

export function parseAvcC(record: Uint8Array): AvcConfig {
  if (record.length < 7 || record[0] !== 1) throw new Error('not an avcC record');
  const profile = record[1]!;
  const level = record[3]!;
  const lengthSize = (record[4]! & 3) + 1;
  let at = 5;
  const read = (count: number) => {
    const list: Uint8Array[] = [];
    for (let i = 0; i < count; i++) {
      const len = (record[at]! << 8) | record[at + 1]!;
      if (at + 2 + len > record.length) throw new Error('truncated avcC record');
      list.push(record.subarray(at + 2, at + 2 + len));
      at += 2 + len;
    }
    return list;
  };
  const sps = read(record[at++]! & 0x1f);
  const pps = read(record[at++]!);
  let chromaFormat = 1;
  let bitDepth = 8;
  // The High profiles' extension (often left out by muxers; then the SPS's defaults hold: 4:2:0, 8 bit).
  if (HIGH_PROFILES.has(profile) && at + 4 <= record.length) {
    chromaFormat = record[at]! & 3;
    bitDepth = (record[at + 1]! & 7) + 8;
  }
  return { profile, level, lengthSize, sps, pps, chromaFormat, bitDepth };
}

/** NAL units of an Annex B stream (start codes 00 00 01 or 00 00 00 01), without their start codes. */
export function splitAnnexB(data: Uint8Array): Uint8Array[] {
  const units: Uint8Array[] = [];
  let start = -1;
  let i = 0;
  while (i + 2 < data.length) {
    if (data[i] === 0 && data[i + 1] === 0 && data[i + 2] === 1) {
      if (start >= 0) units.push(trimZeros(data.subarray(start, i)));
      i += 3;
      start = i;
    } else i++;
  }
  if (start >= 0 && start < data.length) units.push(data.subarray(start));
  return units.filter((u) => u.length > 0);
}

/** Drops the zero bytes a four-byte start code left at the end of the previous unit. */
function trimZeros(unit: Uint8Array): Uint8Array {
  let end = unit.length;
  while (end > 0 && unit[end - 1] === 0) end--;
  return unit.subarray(0, end);
}

/** NAL units joined with big-endian length prefixes of `lengthSize` bytes. */
export function lengthPrefixed(units: Uint8Array[], lengthSize: number): Uint8Array {
  const total = units.reduce((n, u) => n + lengthSize + u.length, 0);
  const out = new Uint8Array(total);
  let at = 0;
  for (const u of units) {
    if (lengthSize < 4 && u.length >= 1 << (8 * lengthSize)) throw new Error('NAL unit too long for the length prefix');
    for (let b = lengthSize - 1; b >= 0; b--) out[at++] = (u.length >>> (8 * b)) & 0xff;
    out.set(u, at);
    at += u.length;
  }
  return out;
}

/** NAL units of one length-prefixed sample. */
export function splitLengthPrefixed(data: Uint8Array, lengthSize: number): Uint8Array[] {
  const units: Uint8Array[] = [];
  let at = 0;
  while (at + lengthSize <= data.length) {
    let len = 0;
    for (let b = 0; b < lengthSize; b++) len = len * 256 + data[at + b]!;
    at += lengthSize;
    if (at + len > data.length) throw new Error('truncated NAL unit');
    units.push(data.subarray(at, at + len));
    at += len;
  }
  return units;
}

export const nalType = (unit: Uint8Array): number => unit[0]! & 0x1f;
const AUD = 9;
const SPS = 7;
const PPS = 8;

/**
 * One encoder access unit (Annex B, parameter sets in-band at keyframes) as an MP4 sample of the
 * source's track: access unit delimiters dropped, lengths of the source's prefix size.
 */
export function annexBToSample(data: Uint8Array, lengthSize: number): Uint8Array {
  return lengthPrefixed(
    splitAnnexB(data).filter((u) => nalType(u) !== AUD),
    lengthSize,
  );
}

/** A copied keyframe sample with the source's own SPS/PPS in front (replacing any it carried). */
export function withParameterSets(sample: Uint8Array, config: AvcConfig): Uint8Array {
  const units = splitLengthPrefixed(sample, config.lengthSize).filter((u) => nalType(u) !== SPS && nalType(u) !== PPS && nalType(u) !== AUD);
  return lengthPrefixed([...config.sps, ...config.pps, ...units], config.lengthSize);
}

/** Whether an access unit carries an SPS (a keyframe from an encoder that writes them in-band). */
export function hasSps(units: Uint8Array[]): boolean {
  return units.some((u) => nalType(u) === SPS);
}

/**
 * Whether frames re-encoded by a browser's H.264 encoder can sit in the source's track: 4:2:0,
 * 8 bit (what WebCodecs encoders produce), and a profile a decoder of the source's profile reads
 * (Baseline, Main and High all decode 4:2:0 8-bit Constrained Baseline/Main/High streams).
 */
export function smartCutCompatible(config: AvcConfig): string | null {
  if (config.chromaFormat !== 1) return 'chroma';
  if (config.bitDepth !== 8) return 'bit-depth';
  if (![66, 77, 100].includes(config.profile)) return 'profile';
  if (config.sps.length !== 1 || config.pps.length < 1) return 'parameter-sets';
  return null;
}
