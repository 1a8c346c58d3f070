// The version of the code the server's answers come from, for answers kept across processes
// (kept-answers.ts): a digest of the sources of the contract, the domain, the markets and the
// server, and of the locked packages. Where they cannot be read (a bundle), a random one: rows
// kept by another process are then never used.
import { createHash, randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const FOLDERS = ['contract', 'domain', 'market', 'server'];

export async function codeVersion(
  sources = fileURLToPath(new URL('..', import.meta.url)),
): Promise<string> {
  try {
    const hash = createHash('sha256');
    const files = (
      await Promise.all(
        FOLDERS.map(async (folder) =>
          (await readdir(join(sources, folder), { recursive: true, withFileTypes: true }))
            .filter((entry) => entry.isFile())
            .map((entry) => join(entry.parentPath, entry.name)),
        ),
      )
    )
      .flat()
      .sort();
    files.push(join(sources, '..', 'package-lock.json'));
    const contents = await Promise.all(files.map((file) => readFile(file)));
    files.forEach((file, index) => {
      hash.update(file.slice(sources.length)).update('\0').update(contents[index]).update('\0');
    });
    return hash.digest('hex');
  } catch {
    return randomUUID();
  }
}
