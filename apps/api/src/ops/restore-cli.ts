/** `npm run restore -- <file>`: a backup of `npm run backup` into an empty DATA_DIR (restore.ts). */
import { loadEnvOrExit } from '../env.ts';
import { restoreBackup } from './restore.ts';

const file = process.argv[2];
if (!file) {
  console.error('Usage: npm run restore -- <file>');
  process.exit(2);
}
const env = loadEnvOrExit();
try {
  const manifest = await restoreBackup(env, file);
  console.log(
    `Restored the backup of ${manifest.createdAt} into ${env.DATABASE_URL ? 'DATABASE_URL' : env.DATA_DIR}` +
      (manifest.files === 's3' ? `; its files are in ${manifest.storageUrl}` : ''),
  );
} catch (error) {
  console.error(`Restore failed: ${(error as Error).message}`);
  process.exit(1);
}
