/** `npm run backup -- <file>`: a snapshot of the database and the local files, while the app runs (backup.ts). */
import { loadEnvOrExit } from '../env.ts';
import { createBackup } from './backup.ts';

const file = process.argv[2];
if (!file) {
  console.error('Usage: npm run backup -- <file>');
  process.exit(2);
}
const env = loadEnvOrExit();
try {
  const { manifest, files } = await createBackup(env, file);
  console.log(
    `Backup written to ${file}: the ${manifest.engine === 'postgres' ? 'PostgreSQL' : 'embedded (PGlite)'} database` +
      (manifest.files === 's3'
        ? `; the uploaded files stay in ${manifest.storageUrl} (keep that bucket versioned or replicated)`
        : ` and ${files} files`),
  );
} catch (error) {
  console.error(`Backup failed: ${(error as Error).message}`);
  process.exit(1);
}
