import { useParams } from 'react-router';
import { DemoBanner } from '../../components/demo-banner.tsx';
import { publicConfig } from '../../config/public-config.ts';
import { useMe } from '../../features/auth/hooks/use-me.ts';
import { ChatScreen } from '../../features/chat/components/chat-screen.tsx';

/** product.md §2.1: chat/{type}/{company}; the company is matched against the user's business ids. */
export function Component() {
  const { company = '' } = useParams();
  const me = useMe();
  // The root opens this screen only once the product user has loaded.
  if (!me.data) return null;
  if (!publicConfig.demo) return <ChatScreen company={company} me={me.data} />;
  // Demo mode: the banner sits above the chat, which fills the rest of the screen instead of all of it.
  return (
    <div className="flex h-dvh flex-col">
      <DemoBanner />
      <div className="min-h-0 flex-1 [&>div]:h-full">
        <ChatScreen company={company} me={me.data} />
      </div>
    </div>
  );
}
