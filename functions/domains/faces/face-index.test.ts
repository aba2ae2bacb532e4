import { describe, expect, it } from 'vitest';
import {
  emptyFaceIndex,
  FaceIndexFormatError,
  packFaceIndex,
  searchFaces,
  unpackFaceIndex,
  withFaces,
  withPhotoFaces,
} from './face-index';

const DIMS = 4;
const face = (...values: number[]) => Float32Array.from(values);

function sample() {
  let index = emptyFaceIndex(DIMS);
  index = withPhotoFaces(index, 'photo-a', [face(0, 0, 0, 0), face(1, 1, 1, 1)]);
  index = withPhotoFaces(index, 'photo-b', [face(0.1, 0, 0, 0)]);
  index = withPhotoFaces(index, 'photo-c', [face(0.3, 0, 0, 0), face(5, 5, 5, 5)]);
  return index;
}

describe('the face index', () => {
  it('finds the photos with a face near the query, closest first, each once', () => {
    const index = sample();
    expect(searchFaces(index, face(0.12, 0, 0, 0), 0.5)).toEqual(['photo-b', 'photo-a', 'photo-c']);
    expect(searchFaces(index, face(0.12, 0, 0, 0), 0.15)).toEqual(['photo-b', 'photo-a']);
    expect(searchFaces(index, face(9, 9, 9, 9), 0.5)).toEqual([]);
  });

  it('packs into one buffer and reads back the same faces', () => {
    const index = sample();
    const packed = packFaceIndex(index);
    const read = unpackFaceIndex(packed);
    expect(read.photoIds).toEqual(index.photoIds);
    expect([...read.faceToPhoto]).toEqual([...index.faceToPhoto]);
    expect([...read.descriptors]).toEqual([...index.descriptors]);
    expect(searchFaces(read, face(1, 1, 1, 0.9), 0.2)).toEqual(['photo-a']);
  });

  it("replaces a photo's faces, and removes a photo with none left", () => {
    let index = withPhotoFaces(sample(), 'photo-a', [face(7, 7, 7, 7)]);
    expect(searchFaces(index, face(0, 0, 0, 0), 0.05)).toEqual([]);
    expect(searchFaces(index, face(7, 7, 7, 7), 0.05)).toEqual(['photo-a']);
    index = withPhotoFaces(index, 'photo-a', []);
    expect(index.photoIds).toEqual(['photo-b', 'photo-c']);
    expect(index.faceToPhoto).toHaveLength(3);
  });

  it('applies a batch of photos in one rebuild: new, replaced and removed alike', () => {
    const index = withFaces(
      sample(),
      new Map([
        ['photo-a', []],
        ['photo-b', [face(2, 2, 2, 2)]],
        ['photo-d', [face(3, 3, 3, 3), face(4, 4, 4, 4)]],
      ]),
    );
    expect(index.photoIds).toEqual(['photo-c', 'photo-b', 'photo-d']);
    expect(searchFaces(index, face(0, 0, 0, 0), 0.05)).toEqual([]);
    expect(searchFaces(index, face(2, 2, 2, 2), 0.05)).toEqual(['photo-b']);
    expect(searchFaces(index, face(4, 4, 4, 4), 0.05)).toEqual(['photo-d']);
  });

  it('refuses descriptors of another length and buffers that are not an index', () => {
    expect(() => withPhotoFaces(sample(), 'photo-d', [face(1, 2, 3)])).toThrow(RangeError);
    expect(() => searchFaces(sample(), face(1, 2), 0.5)).toThrow(RangeError);
    expect(() => unpackFaceIndex(Buffer.from('not an index at all'))).toThrow(FaceIndexFormatError);
    const packed = packFaceIndex(sample());
    expect(() => unpackFaceIndex(packed.subarray(0, packed.length - 2))).toThrow(FaceIndexFormatError);
  });
});
