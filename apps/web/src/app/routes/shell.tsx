import { Outlet } from 'react-router';
import { AppFrame } from '../app-frame.tsx';

/** product.md §2.9: the screens of the app's frame (navigation, demo banner) and the content outlet. */
export function Component() {
  return (
    <AppFrame>
      <Outlet />
    </AppFrame>
  );
}
