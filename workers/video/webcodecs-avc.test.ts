import { describe, expect, it } from 'vitest';
import { annexBToSample, lengthPrefixed, nalType, parseAvcC, smartCutCompatible, splitAnnexB, splitLengthPrefixed, withParameterSets } from './webcodecs-avc';

const sps = Uint8Array.of(0x67, 0x64, 0x00, 0x1f, 0xac, 0xd9);
const pps = Uint8Array.of(0x68, 0xeb, 0xe3, 0xcb);
const idr = Uint8Array.of(0x65, 0x88, 0x84, 0x00, 0x21);
const slice = Uint8Array.of(0x41, 0x9a, 0x02);

/** An avcC as x264/ffmpeg write it: High profile, 4-byte lengths, one SPS and PPS, the High extension. */
function avcC(profile = 100, chroma = 1, depthMinus8 = 0): Uint8Array {
  return Uint8Array.of(1, profile, 0, 0x1f, 0xff, 0xe1, 0, sps.length, ...sps, 1, 0, pps.length, ...pps, 0xfc | chroma, 0xf8 | depthMinus8, 0xf8, 0);
}

describe('avcC and NAL unit helpers', () => {
  it('reads profile, level, length size, parameter sets and the High extension', () => {
    const c = parseAvcC(avcC());
    expect(c).toMatchObject({ profile: 100, level: 0x1f, lengthSize: 4, chromaFormat: 1, bitDepth: 8 });
    expect([...c.sps[0]!]).toEqual([...sps]);
    expect([...c.pps[0]!]).toEqual([...pps]);
    expect(smartCutCompatible(c)).toBeNull();
    expect(smartCutCompatible(parseAvcC(avcC(100, 2)))).toBe('chroma');
    expect(smartCutCompatible(parseAvcC(avcC(110, 1, 2)))).toBe('bit-depth');
    expect(() => parseAvcC(Uint8Array.of(0, 1, 2))).toThrow();
  });

  it('turns an Annex B access unit into an MP4 sample without its delimiter', () => {
    const annexB = Uint8Array.of(0, 0, 0, 1, 0x09, 0xf0, 0, 0, 0, 1, ...sps, 0, 0, 1, ...pps, 0, 0, 0, 1, ...idr);
    expect(splitAnnexB(annexB).map(nalType)).toEqual([9, 7, 8, 5]);
    const sample = annexBToSample(annexB, 4);
    expect(splitLengthPrefixed(sample, 4).map(nalType)).toEqual([7, 8, 5]);
    expect([...splitLengthPrefixed(sample, 4)[2]!]).toEqual([...idr]);
  });

  it("puts the source's SPS/PPS in front of a copied keyframe, replacing any it had", () => {
    const c = parseAvcC(avcC());
    const other = Uint8Array.of(0x67, 0x42, 0xc0, 0x1e);
    const copied = lengthPrefixed([other, idr], 4);
    const units = splitLengthPrefixed(withParameterSets(copied, c), 4);
    expect(units.map(nalType)).toEqual([7, 8, 5]);
    expect([...units[0]!]).toEqual([...sps]);
    // Two-byte length prefixes round-trip too.
    expect(splitLengthPrefixed(lengthPrefixed([slice, idr], 2), 2).map(nalType)).toEqual([1, 5]);
  });
});
