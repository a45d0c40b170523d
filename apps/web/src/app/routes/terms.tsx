import { LegalPage } from '../../components/legal-page.tsx';
import { legalCopy } from '../../config/copy/legal.es.ts';
import { publicConfig } from '../../config/public-config.ts';
import { FrameWhenSignedIn } from '../app-frame.tsx';

export function Component() {
  return (
    <FrameWhenSignedIn>
      <LegalPage productName={publicConfig.productName} text={legalCopy.terms(publicConfig.productName)} />
    </FrameWhenSignedIn>
  );
}
