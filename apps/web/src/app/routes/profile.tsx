import { ScreenPlaceholder } from '../../components/screen-placeholder.tsx';
import { copy } from '../../config/copy.es.ts';

export function Component() {
  return <ScreenPlaceholder title={copy.screens.profile} />;
}
