import { LegalPage } from '../../components/legal-page.tsx';
import { legalCopy } from '../../config/copy/legal.es.ts';
import { publicConfig } from '../../config/public-config.ts';

export function Component() {
  return (
    <LegalPage productName={publicConfig.productName} text={legalCopy.terms(publicConfig.productName)} />
  );
}
