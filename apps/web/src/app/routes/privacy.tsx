import { LegalPage } from '../../components/legal-page.tsx';
import { copy } from '../../config/copy.es.ts';
import { publicConfig } from '../../config/public-config.ts';

export function Component() {
  return (
    <LegalPage productName={publicConfig.productName} text={copy.legal.privacy(publicConfig.productName)} />
  );
}
