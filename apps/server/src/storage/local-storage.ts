import fs from 'node:fs';
import path from 'node:path';
import { type FileStorage, STORAGE_KEY } from './storage.ts';

/** Files under `{dataDir}/uploads`, served by the app at `/media/{key}`. */
export function createLocalStorage(options: { dataDir: string; publicUrl: string }): FileStorage {
  const root = path.join(options.dataDir, 'uploads');
  const fileOf = (key: string) => {
    if (!STORAGE_KEY.test(key)) throw new Error(`not a storage key: ${key}`);
    return path.join(root, key);
  };
  return {
    kind: 'local',
    async put(key, body) {
      const file = fileOf(key);
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      // Written beside and renamed, so a reader never sees half a file.
      const partial = `${file}.partial`;
      await fs.promises.writeFile(partial, body);
      await fs.promises.rename(partial, file);
    },
    async get(key) {
      const file = fileOf(key);
      try {
        const stat = await fs.promises.stat(file);
        return { body: fs.createReadStream(file), size: stat.size };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await fs.promises.rm(fileOf(key), { force: true });
    },
    urlOf: (key) => `${options.publicUrl}/media/${key}`,
  };
}
