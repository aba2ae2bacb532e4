/**
 * Auto-import reads a folder through a FileSystemDirectoryHandle; here a small in-memory stand-in (the
 * e2e suite hands the page a real one from the Origin Private File System). Each photo is handed over
 * once, after two reads find it unchanged, including after a new watch of the same folder.
 */
import { describe, expect, it, vi } from 'vitest';
import { memoryStore } from '../../../lib/device-store';
import { photosIn, watchFolder } from './folder-import';

type Tree = { [name: string]: File | Tree };

/** A directory handle over `tree`, read live (the test changes the tree between reads). */
function folderOf(tree: Tree, name = 'card'): FileSystemDirectoryHandle {
  return {
    kind: 'directory',
    name,
    async *values() {
      for (const [entry, value] of Object.entries(tree)) {
        yield value instanceof File
          ? { kind: 'file', name: entry, getFile: async () => value }
          : folderOf(value, entry);
      }
    },
  } as unknown as FileSystemDirectoryHandle;
}

const jpeg = (name: string, size = 10, lastModified = 1) =>
  new File([new Uint8Array(size)], name, { type: 'image/jpeg', lastModified });

describe('photosIn', () => {
  it('finds photos in the folder and its sub-folders, with their paths, and skips other files', async () => {
    const tree: Tree = {
      'notes.txt': new File(['x'], 'notes.txt', { type: 'text/plain' }),
      DCIM: { '100CANON': { 'IMG_1.JPG': jpeg('IMG_1.JPG') } },
      'top.jpg': jpeg('top.jpg'),
    };
    const found = await photosIn(folderOf(tree));
    expect(found.map((f) => f.path).sort()).toEqual(['DCIM/100CANON/IMG_1.JPG', 'top.jpg']);
  });
});

describe('watchFolder', () => {
  function watcher(tree: Tree, imported = memoryStore<string>()) {
    const handed: string[] = [];
    const watch = watchFolder({
      folder: folderOf(tree),
      galleryId: 'g1',
      imported,
      onPhotos: (files) => handed.push(...files.map((f) => f.name)),
      intervalMs: 60_000,
    });
    return { watch, handed, imported };
  }

  it('hands each new photo over once, when two reads in a row find it unchanged', async () => {
    const tree: Tree = { 'a.jpg': jpeg('a.jpg') };
    const { watch, handed } = watcher(tree);
    await watch.scan(); // the first read (the watch's own) may still be running: wait for one of ours
    await watch.scan();
    expect(handed).toEqual(['a.jpg']);

    // A photo still being written changes between reads: taken once it stops changing.
    tree['b.jpg'] = jpeg('b.jpg', 5, 2);
    await watch.scan();
    tree['b.jpg'] = jpeg('b.jpg', 50, 3);
    await watch.scan();
    expect(handed).toEqual(['a.jpg']);
    await watch.scan();
    await watch.scan();
    expect(handed).toEqual(['a.jpg', 'b.jpg']);
    watch.stop();
  });

  it('remembers what it took across watches of the folder (a later visit), per gallery', async () => {
    const tree: Tree = { 'a.jpg': jpeg('a.jpg') };
    const first = watcher(tree);
    await first.watch.scan();
    await first.watch.scan();
    first.watch.stop();
    await vi.waitFor(async () => expect(await first.imported.list('g1\n')).toHaveLength(1));

    tree['c.jpg'] = jpeg('c.jpg');
    const again = watcher(tree, first.imported);
    for (let i = 0; i < 3; i++) await again.watch.scan();
    expect(first.handed).toEqual(['a.jpg']);
    expect(again.handed).toEqual(['c.jpg']);
    again.watch.stop();
  });
});
